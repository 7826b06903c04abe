#!/usr/bin/env python3
"""Writes the HierTrain sample profiles: LeNet-5 on CIFAR-10 and AlexNet on Tiny ImageNet, on the
three machines of HierTrain's evaluation (device = Raspberry Pi 3, edge = one core of an Intel NUC
i3-7100U, cloud = GTX 1080 Ti workstation), plus its network (5 Mbps device-edge).

HierTrain publishes no per-layer data, so every time here is an ESTIMATE, labelled as such:
  time(layer, machine) = overhead + FLOPs(layer) x samples / throughput(machine)
with FLOPs counted from the layer shapes (forward: 2 x multiply-adds; backward: 2 x forward;
update: 2 x parameters per iteration) and effective throughputs chosen from published ratios:
the paper states the cloud is "one order of magnitude" faster than the device and the edge
server; a quad-core Cortex-A53 at 1.2 GHz reaches about 1 GFLOPS in a Python framework and one
i3-7100U core about 3 GFLOPS. Times are stored for model.batch = 128 samples.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
BATCH = 128
MACHINES = [
    # id, tier, label, effective GFLOPS, per-layer overhead in ms
    ('raspi3', 'device', 'Raspberry Pi 3, 4 x Cortex-A53 1.2 GHz (estimated)', 1.0, 0.5),
    ('nuc-i3-1core', 'edge', 'Intel NUC i3-7100U, one core (estimated)', 3.0, 0.2),
    ('gtx1080ti', 'cloud', 'Xeon 3.7 GHz workstation + GTX 1080 Ti (estimated)', 30.0, 0.1),
]


def conv(name, cin, cout, k, hout, wout):
    flops = 2 * k * k * cin * cout * hout * wout
    return dict(name=name, type='Conv2D', flops=flops, out=cout * hout * wout, params=(k * k * cin + 1) * cout)


def pool(name, c, k, hout, wout):
    return dict(name=name, type='MaxPool2D', flops=k * k * c * hout * wout, out=c * hout * wout, params=0)


def dense(name, fin, fout):
    return dict(name=name, type='Dense', flops=2 * fin * fout, out=fout, params=(fin + 1) * fout)


def profile(name, source, input_values, layers):
    machines = [dict(id=m, tier=t, label=l, estimated=True) for m, t, l, _, _ in MACHINES]
    out_layers, previous = [], None
    for layer in layers:
        fwd, bwd, upd = {}, {}, {}
        for mid, _, _, gflops, overhead in MACHINES:
            per_sample = layer['flops'] / (gflops * 1e9) * 1e3
            fwd[mid] = round(overhead + per_sample * BATCH, 4)
            bwd[mid] = round(overhead + 2 * per_sample * BATCH, 4)
            upd[mid] = round((overhead if layer['params'] else 0.0) + 2 * layer['params'] / (gflops * 1e9) * 1e3, 4)
        out_layers.append(dict(id=layer['name'], type=layer['type'], inputs=[previous] if previous else [],
                               output_bytes=4 * layer['out'], param_bytes=4 * layer['params'], flops=layer['flops'],
                               forward_ms=fwd, backward_ms=bwd, update_ms=upd, estimated=True))
        previous = layer['name']
    return {'format': 'cutlab-profile', 'version': 1,
            'model': dict(name=name, input_bytes=4 * input_values, batch=BATCH, source=source),
            'machines': machines, 'layers': out_layers}


SOURCE = ('ESTIMATED, not measured: HierTrain (Liu et al.) evaluation setting; FLOPs from the layer shapes, '
          'effective throughputs raspi3 1 GFLOPS, NUC i3 core 3 GFLOPS, GTX 1080 Ti workstation 30 GFLOPS '
          '(the paper: cloud one order of magnitude faster), per-layer overheads 0.5/0.2/0.1 ms; '
          'made by sample_profiles/hiertrain/make_hiertrain_samples.py')

lenet = profile('lenet5-cifar10', 'LeNet-5 on CIFAR-10 (32x32x3). ' + SOURCE, 32 * 32 * 3, [
    conv('conv1', 3, 6, 5, 28, 28), pool('pool1', 6, 2, 14, 14),
    conv('conv2', 6, 16, 5, 10, 10), pool('pool2', 16, 2, 5, 5),
    dense('fc1', 400, 120), dense('fc2', 120, 84), dense('fc3', 84, 10)])

alexnet = profile('alexnet-tinyimagenet', 'AlexNet on Tiny ImageNet (64x64x3, 200 classes). ' + SOURCE, 64 * 64 * 3, [
    conv('conv1', 3, 64, 11, 15, 15), pool('pool1', 64, 3, 7, 7),
    conv('conv2', 64, 192, 5, 7, 7), pool('pool2', 192, 3, 3, 3),
    conv('conv3', 192, 384, 3, 3, 3), conv('conv4', 384, 256, 3, 3, 3), conv('conv5', 256, 256, 3, 3, 3),
    pool('pool5', 256, 3, 1, 1),
    dense('fc6', 256, 4096), dense('fc7', 4096, 4096), dense('fc8', 4096, 200)])

network = {'format': 'cutlab-network', 'version': 1,
           'name': 'HierTrain lab: 5 Mbps device-edge, 3.5 Mbps edge-cloud (device-cloud relayed by the edge)',
           'links': [
               {'from': 'device', 'to': 'edge', 'bandwidth_mbps': 5, 'latency_ms': 0},
               {'from': 'edge', 'to': 'cloud', 'bandwidth_mbps': 3.5, 'latency_ms': 0},
               {'from': 'device', 'to': 'cloud', 'bandwidth_mbps': 3.5, 'latency_ms': 0}]}

for name, doc in (('lenet5-cifar10', lenet), ('alexnet-tinyimagenet', alexnet), ('network-hiertrain', network)):
    with open(os.path.join(HERE, name + '.json'), 'w') as f:
        json.dump(doc, f, indent=1)
        f.write('\n')
print('written')
