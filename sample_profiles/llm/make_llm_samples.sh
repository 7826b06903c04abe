#!/bin/sh
# Makes the language-model profiles of this folder from the configs beside them (public values,
# each config's "_source" says where from) and the tiny GGUF file, with the built cutlab-cli.
#   sample_profiles/llm/make_llm_samples.sh [BUILD_DIR]   (default build/dev)
set -eu
cd "$(dirname "$0")/../.."
cli=${1:-build/dev}/app/cutlab-cli
python3 sample_profiles/llm/make_tiny_gguf.py
"$cli" import sample_profiles/llm/llama-3.2-3b.config.json --weights q4_0 \
    -o sample_profiles/llm/llama-3.2-3b-q4_0.json
"$cli" import sample_profiles/llm/llama-3.2-1b.config.json --weights q4_0 \
    -o sample_profiles/llm/llama-3.2-1b-q4_0.json
"$cli" import sample_profiles/llm/tiny-llama.gguf -o sample_profiles/llm/tiny-llama.json
