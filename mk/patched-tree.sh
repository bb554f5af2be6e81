# Sourced by gmp-patch/build.sh and openssl-patch/build.sh.
# patched_tree NAME SRC BUILD PATCHES...: sets series_hash and tree to a copy of the pristine
# tree SRC with the patch series applied, kept per series hash under BUILD/src/NAME-<hash>
# (a changed patch gets a fresh tree, earlier ones are dropped); NAME is e.g. gmp-dot. The two
# variants of a pair share the tree, and several make runs may get here at once: created under a
# lock, published by rename.
patched_tree() {
  local name=$1 src=$2 build=$3 p
  shift 3
  series_hash=$(cat "$@" | sha256sum | cut -c1-16)
  tree=$build/src/$name-$series_hash
  exec 8> "$build/src/$name.lock"
  flock 8
  if [[ ! -f $tree/.patched ]]; then
    rm -rf "$build/src/$name-"*
    cp -a "$src" "$tree.tmp"
    for p in "$@"; do patch -s -d "$tree.tmp" -p1 --no-backup-if-mismatch < "$p"; done
    touch "$tree.tmp/.patched" && mv "$tree.tmp" "$tree"
  fi
  flock -u 8
}
