"""A small network with one layer of every operator class, for the calibrate tests
(tests/cli/tst_calibratecommand.cpp): tiny.json was measured from it with
tools/cutlab-profile-torch and tiny.onnx exported with tools/export-onnx-torch (README.md here)."""
import torch
from torch import nn


class TinyNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 16, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(16)
        self.relu = nn.ReLU()
        self.dw = nn.Conv2d(16, 16, 3, padding=1, groups=16)
        self.pw = nn.Conv2d(16, 32, 1)
        self.pool = nn.MaxPool2d(3, stride=2, padding=1)
        self.conv2 = nn.Conv2d(32, 32, 3, padding=1)
        self.avg = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(32, 10)

    def forward(self, x):
        x = self.relu(self.bn1(self.conv1(x)))
        x = self.relu(self.pw(self.dw(x)))
        x = self.conv2(self.pool(x))
        return self.fc(torch.flatten(self.avg(x), 1))
