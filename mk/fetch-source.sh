#!/bin/bash
# fetch-source.sh <sources root> <package> <version>
# Fetches the Debian source package <package> at exactly <version> with the private apt
# configuration under <sources root>/apt (written by mk/libs.mk), unpacks its pristine upstream
# tree into <sources root>/<package> and writes the version into <sources root>/<package>.version.
# Signatures: apt checks the suite's InRelease against debian-archive-keyring and every file's
# hash; dpkg-source --require-valid-signature checks the .dsc against debian-keyring.
# --skip-patches: the variants are built from the pristine upstream sources.
# Exit 1 with one line naming the version when it is not fetchable: the pin is never replaced by
# another version.
set -euo pipefail

root=$(realpath "$1") package=$2 version=$3
apt_private=(-o Dir::Etc::SourceList="$root/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
  -o Dir::State::Lists="$root/apt/lists" -o Dir::Cache="$root/apt/cache" -o APT::Sandbox::User=root)

mkdir -p "$root/dl"
cd "$root/dl"
if ! apt-get "${apt_private[@]}" -qq source --download-only "$package=$version" > fetch.log 2>&1; then
  available=$(apt-cache "${apt_private[@]}" showsrc "$package" 2>/dev/null | sed -n 's/^Version: //p' | sort -uV | paste -sd' ')
  echo "fetch-source.sh: $package $version, the pinned source version, is not fetchable (the mirror has: ${available:-none}); update the pin in mk/libs.mk; apt said: $root/dl/fetch.log" >&2
  exit 1
fi
rm -rf "../$package" "../$package.tmp"
dpkg-source --require-valid-signature --skip-patches --no-copy -x "${package}_${version#*:}.dsc" "../$package.tmp" > /dev/null
mv "../$package.tmp" "../$package"
echo "$version" > "../$package.version"
