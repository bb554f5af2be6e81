# The steps gmp-patch/build.sh and openssl-patch/build.sh share, sourced by both: the per-variant
# lock, the patched tree, the cache key and its check, logged build steps, the manifest.
# A build script sets library and variant, then calls these in order:
#   variant_begin BUILD         prefix, obj, jobs; one build of this variant at a time
#   patched_tree NAME SRC BUILD PATCHES...   (patched variants) series_hash and tree
#   libdot_hashes               dot_h_hash and dot_a_hash (none for stock variants)
#   variant_key UPSTREAM        key, from upstream, DEB_VERSION, series_hash, dot_h_hash, configure
#   key_current / libdot_current   whether the last build had this key / this libdot.a
#   fresh_obj, logged ...       a clean object folder; a step whose output goes to a log
#   write_manifest HOST CFLAGS PATCH_NAMES   manifest.json, then the cache stamps
# shellcheck shell=bash disable=SC2034,SC2154  # its variables are shared with the sourcing script
mk_dir=$(dirname "${BASH_SOURCE[0]}")

variant_begin() {
  local build=$1
  prefix=$build/$library/$variant
  obj=$build/obj/$library/$variant
  jobs=${NPROC:-2}
  # Several make invocations in one working tree may build the same variant: one at a time.
  mkdir -p "$build/obj/$library"
  exec 9> "$build/obj/$library/$variant.lock"
  flock 9
}

# patched_tree NAME SRC BUILD PATCHES...: sets series_hash and tree to a copy of the pristine
# tree SRC with the patch series applied, kept per series hash under BUILD/src/NAME-<hash>
# (a changed patch gets a fresh tree, earlier ones are dropped); NAME is e.g. gmp-dot. The two
# variants of a pair share the tree, and several make runs may get here at once: created under a
# lock, published by rename. --fuzz=0: a hunk whose context does not match exactly is an error,
# never applied at a guessed place.
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
    for p in "$@"; do
      patch -s --fuzz=0 -d "$tree.tmp" -p1 --no-backup-if-mismatch < "$p" ||
        { echo "$library/$variant: ${p##*/} does not apply to $src" >&2; exit 1; }
    done
    touch "$tree.tmp/.patched" && mv "$tree.tmp" "$tree"
  fi
  flock -u 8
}

# libdot is part of the dot variants only; its header is in the key, libdot.a only relinks.
libdot_hashes() {
  if [[ $variant == dot* || $variant == ntt ]]; then
    dot_h_hash=$(sha256sum "$DOT_INCLUDE/dot.h" | cut -c1-16)
    dot_a_hash=$(sha256sum "$DOT_A" | cut -c1-16)
  else
    dot_h_hash=none dot_a_hash=none
  fi
}

# The key covers what changes the build's output: the sources, the series, libdot's header and
# the configure line (which holds the install prefix, so a build folder moved elsewhere rebuilds).
variant_key() {
  upstream=$1
  key=$(printf '%s\n' "$upstream" "${DEB_VERSION:-}" "$series_hash" "$dot_h_hash" "${configure[*]}" | sha256sum | cut -c1-16)
}
key_current() { [[ -f $obj/.key && $(cat "$obj/.key") == "$key" && -f $prefix/manifest.json ]]; }
libdot_current() { [[ $(cat "$obj/.dot-a" 2>/dev/null) == "$dot_a_hash" ]]; }

fresh_obj() {
  rm -rf "$obj" "$prefix"
  mkdir -p "$obj"
}
in_obj() { (cd "$obj" && "$@"); }
# logged LOG LINES COMMAND...: COMMAND's output appended to LOG; on failure its last LINES lines
# and exit 1.
logged() {
  local log=$1 lines=$2
  shift 2
  "$@" >> "$log" 2>&1 || { tail -"$lines" "$log"; exit 1; }
}

write_manifest() {
  local host=$1 cflags=$2 patch_names=$3
  M_LIBRARY=$library M_VARIANT=$variant M_UPSTREAM=$upstream M_DEBIAN=${DEB_VERSION:-} \
  M_SERIES=$series_hash M_PATCHES=$patch_names M_CONFIGURE="${configure[*]}" M_CFLAGS=$cflags \
  M_HOST=$host M_CC="$(${CC:-gcc} --version | head -1)" M_DOT_A=$dot_a_hash \
    python3 "$mk_dir/manifest.py" > "$prefix/manifest.json.tmp"
  mv "$prefix/manifest.json.tmp" "$prefix/manifest.json"
  echo "$key" > "$obj/.key"
  echo "$dot_a_hash" > "$obj/.dot-a"
}
