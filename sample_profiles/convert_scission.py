#!/usr/bin/env python3
"""Convert Scission's published data into CutLab files.

  convert_scission.py model IN.json OUT.json [--npy]
      A re-encoded Scission benchmark (blocks with Keras layer indices and seconds per machine)
      into a cutlab-profile: one machine per measured machine (Scission's names as ids, so its
      network_stats.csv applies unchanged), one layer per Scission block with id "<first>-<last>"
      (or "<n>" for a one-layer block), linear inputs, times in ms, true tensor bytes.
      --npy adds the 128-byte .npy header Scission's own tool sends with every tensor (use it to
      compare with the peer's printed answers; the model input is not affected).

  convert_scission.py network IN.csv OUT.json
      A Scission network_stats.csv into a cutlab-network JSON with machine-level links.
"""
import csv
import json
import sys

LABELS = {
    'raspi4': 'Raspberry Pi 4',
    '2500': 'Scission edge resource "2500"',
    'vm2Core': 'Scission edge resource: 2-core virtual machine',
    '6700k(GPU)': 'Intel i7-6700K with GPU',
    '6700k(NoGPU)': 'Intel i7-6700K, CPU only',
}
# The memory of the machines whose model is known (docs/formats.md §1, "Sample capacities"):
# Raspberry Pi 4 Model B product brief, 4 GB variant (Scission's data does not name the variant).
MEMORY_BYTES = {
    'raspi4': 4 * 1024 ** 3,
}
NPY_HEADER_BYTES = 128
TIER_ORDER = {'device': 0, 'edge': 1, 'cloud': 2}


def convert_model(src, dst, npy):
    data = json.load(open(src))
    machines = []
    for name in sorted(data['machines'], key=lambda m: (TIER_ORDER[m.split(':', 1)[0]], m)):
        tier, mid = name.split(':', 1)
        machine = {'id': mid, 'tier': tier, 'label': LABELS.get(mid, mid)}
        if mid in MEMORY_BYTES:
            machine['memory_bytes'] = MEMORY_BYTES[mid]
        machines.append(machine)
    layers, previous = [], None
    for block in data['blocks']:
        first, last = block['first_layer'], block['last_layer']
        lid = str(first) if first == last else f'{first}-{last}'
        layers.append({
            'id': lid,
            'type': 'Block' if first != last else 'Layer',
            'label': f'Keras layers {first}..{last}' if first != last else f'Keras layer {first}',
            'inputs': [previous] if previous else [],
            'output_bytes': block['output_bytes'] + (NPY_HEADER_BYTES if npy else 0),
            'forward_ms': {m['id']: block['seconds'][f"{m['tier']}:{m['id']}"] * 1000.0 for m in machines},
        })
        previous = lid
    source = data['source'] + '. Converted by sample_profiles/convert_scission.py'
    if npy:
        source += ' with --npy (every output_bytes includes the 128-byte .npy header Scission sends)'
    profile = {
        'format': 'cutlab-profile', 'version': 1,
        'model': {'name': data['model'], 'input_bytes': data['default_input_bytes'], 'batch': 1,
                  'source': source},
        'machines': machines,
        'layers': layers,
    }
    with open(dst, 'w') as out:
        json.dump(profile, out, indent=1)
        out.write('\n')


def convert_network(src, dst, name):
    links = []
    with open(src) as f:
        rows = list(csv.reader(f))
    for row in rows[1:]:
        if not row or not ''.join(row).strip():
            continue
        source, destination, ping, bandwidth = (x.strip() for x in row)
        links.append({'from': source, 'to': destination, 'bandwidth_mbps': float(bandwidth),
                      'latency_ms': float(ping)})
    with open(dst, 'w') as out:
        json.dump({'format': 'cutlab-network', 'version': 1, 'name': name, 'links': links}, out, indent=1)
        out.write('\n')


def main(argv):
    if len(argv) < 4 or argv[1] not in ('model', 'network'):
        sys.exit(__doc__)
    if argv[1] == 'model':
        convert_model(argv[2], argv[3], '--npy' in argv[4:])
    else:
        name = argv[4] if len(argv) > 4 else argv[2].rsplit('/', 1)[-1].rsplit('.', 1)[0]
        convert_network(argv[2], argv[3], name)


if __name__ == '__main__':
    main(sys.argv)
