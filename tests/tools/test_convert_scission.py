#!/usr/bin/env python3
"""sample_profiles/convert_scission.py against the committed samples it made.

Scission's published VGG19 benchmark and 3G network (tests/data/scission-reference/) must convert to
exactly sample_profiles/scission/vgg19.json, with --npy to tests/data/scission-npy/vgg19.json,
and the network to sample_profiles/scission/network-3g.json (whose name was edited by hand).
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONVERTER = os.path.join(ROOT, "sample_profiles", "convert_scission.py")
RAW = os.path.join(ROOT, "tests", "data", "scission-reference")


def convert(*arguments):
    with tempfile.TemporaryDirectory() as folder:
        output = os.path.join(folder, "out.json")
        result = subprocess.run([sys.executable, CONVERTER, *arguments[:2], output,
                                 *arguments[2:]], capture_output=True, text=True)
        if result.returncode != 0:
            raise AssertionError(result.stderr)
        with open(output, encoding="utf-8") as file:
            return file.read()


def read(*parts):
    with open(os.path.join(ROOT, *parts), encoding="utf-8") as file:
        return file.read()


class ConvertScission(unittest.TestCase):
    def test_model_is_the_sample(self):
        made = convert("model", os.path.join(RAW, "vgg19.json"))
        self.assertEqual(made, read("sample_profiles", "scission", "vgg19.json"))

    def test_npy_model_is_the_test_data(self):
        made = convert("model", os.path.join(RAW, "vgg19.json"), "--npy")
        self.assertEqual(made, read("tests", "data", "scission-npy", "vgg19.json"))

    def test_network_is_the_sample_but_its_name(self):
        made = json.loads(convert("network", os.path.join(RAW, "network_stats.csv")))
        sample = json.loads(read("sample_profiles", "scission", "network-3g.json"))
        self.assertEqual(made["name"], "network_stats")
        del made["name"], sample["name"]
        self.assertEqual(made, sample)

    def test_unknown_kind_is_refused(self):
        result = subprocess.run([sys.executable, CONVERTER, "chart", "a", "b"],
                                capture_output=True, text=True)
        self.assertNotEqual(result.returncode, 0)
        self.assertEqual(result.stdout, "")


if __name__ == "__main__":
    unittest.main()
