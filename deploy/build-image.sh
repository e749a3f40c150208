#!/usr/bin/env bash
# Builds the Cordata image from the Containerfile with podman, as CI does on machines without an image registry:
# makes the base image first when it is missing (deploy/base-image.sh, once per machine), hands npm the certificate
# authority of NODE_EXTRA_CA_CERTS as a build secret when that is set (a TLS-intercepting proxy), and labels the
# image with the version, commit and source. Prints how long each part took.
#   IMAGE=localhost/cordata:latest deploy/build-image.sh
set -euo pipefail
cd "$(dirname "$0")/.."
IMAGE=${IMAGE:-localhost/cordata:latest}
BASE_IMAGE=docker.io/library/node:24-bookworm-slim
export CONTAINERS_CONF=${CONTAINERS_CONF:-$PWD/deploy/podman/containers.conf}
# runc with the cgroupfs manager, host networking: what works on CI's machines (docs/deploy.md).
read -ra podman <<<"${PODMAN:-podman --runtime runc --cgroup-manager cgroupfs}"

started=$(date +%s)
if "${podman[@]}" image exists "$BASE_IMAGE"; then
  echo "base image $BASE_IMAGE: present"
else
  echo "base image $BASE_IMAGE: missing, making it (deploy/base-image.sh)"
  deploy/base-image.sh
  echo "base image made in $(($(date +%s) - started)) s"
fi

secret=()
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -s "$NODE_EXTRA_CA_CERTS" ]; then
  secret=(--secret "id=npm_ca,src=$NODE_EXTRA_CA_CERTS")
fi
source_url=$(git config --get remote.origin.url 2>/dev/null || echo unknown)

log=$(mktemp)
trap 'rm -f "$log"' EXIT
built=$(date +%s)
"${podman[@]}" build --format docker --network host --layers "${secret[@]}" \
  --build-arg "VERSION=$(node -p 'require("./package.json").version')" \
  --build-arg "REVISION=$(git rev-parse HEAD 2>/dev/null || echo unknown)" \
  --build-arg "SOURCE=$source_url" \
  --tag "$IMAGE" --file Containerfile . >"$log" 2>&1 ||
  { tail -n 40 "$log"; exit 1; }
size=$("${podman[@]}" image inspect --format '{{.Size}}' "$IMAGE")
echo "$IMAGE built in $(($(date +%s) - built)) s, $((size / 1000000)) MB"
