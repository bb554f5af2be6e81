# GMPbench 0.2's own programs and scoring against the GMP variants (suite gmpbench-official).
#
#   make gmpbench-official GMPBENCH_TARBALL=/path/to/gmpbench-0.2.tar.bz2
#       checks the tarball's SHA-256, builds its six programs against each variant's libgmp.so
#       (ldd must load that variant's file), runs runbench's 39 tests interleaved per test across
#       the variants and writes build/results/gmpbench-official.json. Nothing of GMPbench is part of
#       dotbench: without a tarball the target says where to get one and exits 3.
#   OFFICIAL_VARIANTS   variants to build and run (default: the four of the matrix)
#   OFFICIAL_ROUNDS     rounds (default 3; each runs every test on every variant)
#   OFFICIAL_PROGRAM_MS CPU time each program aims its timed loop at (default 10000, GMPbench's 1e4; with
#                       calibration a program takes over 10 s, so 3 rounds of the four variants take at least
#                       39 x 4 x 3 x 10 s = 78 minutes; 2000 took 53 minutes on the shared build VM). A shorter
#                       time changes the programs' loop count only, and the result file records it)
#   OFFICIAL_ARGS       more options for `dotbench gmpbench-official` (e.g. --tests rsa)
#   make gmpbench-vs-official HARNESS=a.json OFFICIAL=b.json   the per-test fidelity table of two such runs
#   make test-gmpbench-runbench GMPBENCH_TARBALL=...   the scorer against the tarball's own runbench script on
#                       fixed figures (make test runs the same test, skipped there when no tarball is given)
GMPBENCH_TARBALL ?=
OFFICIAL_OUT := $(BUILD)/gmpbench-official
OFFICIAL_VARIANTS ?= stock dot stock-noasm dot-noasm
OFFICIAL_ROUNDS ?= 3
OFFICIAL_PROGRAM_MS ?= 10000
comma := ,
space := $(subst ,, )

.PHONY: gmpbench-official gmpbench-official-programs gmpbench-vs-official test-gmpbench-official test-gmpbench-runbench

gmpbench-official-programs: libs-gmp | deps
	@bash mk/gmpbench-official.sh "$(GMPBENCH_TARBALL)" $(OFFICIAL_OUT) $(OFFICIAL_PROGRAM_MS) $(OFFICIAL_VARIANTS)

# The tarball is checked before anything is built (the script's exit 3 shows as make's "Error 3").
gmpbench-official:
	@bash mk/gmpbench-official.sh --check "$(GMPBENCH_TARBALL)"
	$(MAKE) java gmpbench-official-programs
	$(DOTBENCH) gmpbench-official --programs $(OFFICIAL_OUT)/bin --variants $(subst $(space),$(comma),$(strip $(OFFICIAL_VARIANTS))) \
	  --rounds $(OFFICIAL_ROUNDS) --out $(RESULTS_OUT)/gmpbench-official.json $(OFFICIAL_ARGS)

gmpbench-vs-official: java
	@test -n "$(HARNESS)" -a -n "$(OFFICIAL)" || { echo "usage: make gmpbench-vs-official HARNESS=gmpbench.json OFFICIAL=gmpbench-official.json" >&2; exit 2; }
	$(DOTBENCH) vs-official $(HARNESS) $(OFFICIAL)

test-gmpbench-runbench: | java-jdk deps
	@bash mk/gmpbench-official.sh --check "$(GMPBENCH_TARBALL)"
	GMPBENCH_TARBALL=$(abspath $(GMPBENCH_TARBALL)) $(MVN) -pl harness -am -Dtest=RunbenchScriptTest -Dsurefire.failIfNoSpecifiedTests=false test

# Without a tarball (as in CI) the target must say where to get one and exit 3; a file that is not
# GMPbench 0.2 must be refused the same way.
test-gmpbench-official:
	@echo "== gmpbench-official without a tarball, and with a wrong one"
	@out=$$(bash mk/gmpbench-official.sh --check "" 2>&1); rc=$$?; \
	  test $$rc = 3 && grep -q 'gmpbench-0.2.tar.bz2' <<<"$$out" || { echo "expected exit 3 and how to get the tarball, got $$rc: $$out"; exit 1; }
	@out=$$(bash mk/gmpbench-official.sh --check mk/gmpbench-official.mk 2>&1); rc=$$?; \
	  test $$rc = 3 && grep -q 'not the GMPbench 0.2 release' <<<"$$out" || { echo "expected exit 3 for a wrong tarball, got $$rc: $$out"; exit 1; }
	@echo "gmpbench-official: missing and wrong tarballs refused with exit 3"
TEST_TARGETS += test-gmpbench-official
