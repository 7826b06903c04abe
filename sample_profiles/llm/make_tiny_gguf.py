#!/usr/bin/python3
"""Writes tiny-llama.gguf: a llama-architecture GGUF v3 file (2 blocks, width 64, 256 tokens,
grouped-query attention with 2 key/value heads) whose matrices are Q8_0 and norms F32, the
weights all zero. It shows what `cutlab-cli import model.gguf` reads: the header only.

usage: make_tiny_gguf.py [OUT]   (default: tiny-llama.gguf beside this script)
"""
import os
import struct
import sys

WIDTH, BLOCKS, VOCAB, HEADS, KV_HEADS, FFN = 64, 2, 256, 4, 2, 128
F32, Q8_0 = 0, 8
ALIGNMENT = 32


def string(text):
    data = text.encode()
    return struct.pack("<Q", len(data)) + data


def metadata():
    u32 = lambda key, value: string(key) + struct.pack("<II", 4, value)
    entries = [string("general.architecture") + struct.pack("<I", 8) + string("llama"),
               string("general.name") + struct.pack("<I", 8) + string("tiny-llama"),
               u32("llama.block_count", BLOCKS), u32("llama.embedding_length", WIDTH),
               u32("llama.feed_forward_length", FFN), u32("llama.attention.head_count", HEADS),
               u32("llama.attention.head_count_kv", KV_HEADS), u32("llama.context_length", 512)]
    return entries


def tensors():
    head = WIDTH // HEADS
    listing = [("token_embd.weight", Q8_0, (WIDTH, VOCAB))]
    for b in range(BLOCKS):
        p = "blk.%d." % b
        listing += [(p + "attn_norm.weight", F32, (WIDTH,)),
                    (p + "attn_q.weight", Q8_0, (WIDTH, WIDTH)),
                    (p + "attn_k.weight", Q8_0, (WIDTH, KV_HEADS * head)),
                    (p + "attn_v.weight", Q8_0, (WIDTH, KV_HEADS * head)),
                    (p + "attn_output.weight", Q8_0, (WIDTH, WIDTH)),
                    (p + "ffn_norm.weight", F32, (WIDTH,)),
                    (p + "ffn_gate.weight", Q8_0, (WIDTH, FFN)),
                    (p + "ffn_up.weight", Q8_0, (WIDTH, FFN)),
                    (p + "ffn_down.weight", Q8_0, (FFN, WIDTH))]
    listing += [("output_norm.weight", F32, (WIDTH,)), ("output.weight", Q8_0, (WIDTH, VOCAB))]
    return listing


def size(kind, dims):
    elements = 1
    for d in dims:
        elements *= d
    return elements * 4 if kind == F32 else elements // 32 * 34


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__),
                                                             "tiny-llama.gguf")
    entries, listing = metadata(), tensors()
    header = b"GGUF" + struct.pack("<IQQ", 3, len(listing), len(entries)) + b"".join(entries)
    offset = 0
    for name, kind, dims in listing:
        header += string(name) + struct.pack("<I", len(dims)) + struct.pack("<%dQ" % len(dims), *dims)
        header += struct.pack("<IQ", kind, offset)
        offset += (size(kind, dims) + ALIGNMENT - 1) // ALIGNMENT * ALIGNMENT
    header += b"\0" * (-len(header) % ALIGNMENT)
    with open(out, "wb") as file:
        file.write(header + b"\0" * offset)


if __name__ == "__main__":
    main()
