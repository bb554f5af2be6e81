# Sourced by sizes.sh and share.sh: the GMPbench-style tests a name stands for.
#   test_names DRIVER NAME    prints NAME's tests, one a line: the test itself, or every test of a
#                             program (e.g. gcd); nothing when DRIVER (gmpbench_native) knows none
test_names() {
  "$1" --list | grep -E "^$(printf '%s' "$2" | sed 's/[][().*^$]/\\&/g')(\(|$)" || true
}
