# dotbench: the one entry point.
#   make run     build everything and run the main job
#   make test    every test suite (what CI runs)
#   make bench   the benchmark tables
#   make clean   remove build/ and Maven's target/ folders
SHELL := /bin/bash
.DEFAULT_GOAL := run
.DELETE_ON_ERROR:
# lets a rule list prerequisites ($$(VAR)) that fragments included later still add to
.SECONDEXPANSION:
# keep intermediate files (objects built by pattern chains) instead of deleting them
.SECONDARY:

BUILD := build
CC ?= cc
NPROC := $(shell nproc 2>/dev/null || echo 2)

# Debian packages the build and the tests need; each fragment below adds its own.
APT_PACKAGES := gcc make libc6-dev pkg-config libgmp-dev libsimde-dev valgrind
# What `make test` and `make run` are made of; each fragment below adds its own.
TEST_TARGETS :=
RUN_TARGETS :=
BENCH_TARGETS :=

include dot/dot.mk
# mk/deps.mk (package installs), then one fragment per component, named for what it holds
# (ARCHITECTURE.md lists them).
include $(sort $(wildcard mk/*.mk))

# run, test and bench say up front how long they took last time on this machine and show
# progress while they run (mk/timed.sh); their work is in the *-all targets. A dry run (make -n)
# is not timed.
TIMED = $(if $(findstring n,$(firstword -$(MAKEFLAGS))),,mk/timed.sh "make $(1)")
.PHONY: run test bench clean run-all test-all bench-all
run:
	@$(call TIMED,run) $(MAKE) --no-print-directory run-all
test:
	@$(call TIMED,test) $(MAKE) --no-print-directory test-all
bench:
	@$(call TIMED,bench) $(MAKE) --no-print-directory bench-all
run-all: $(RUN_TARGETS)
# One suite after another, each announced and timed (mk/steps.sh: a table of what each took).
# The steps in TEST_PARALLEL build their prerequisites NPROC at a time: their prerequisite graphs
# were read for two jobs writing one file (the libraries' variant builds lock and share their
# patched tree under a lock; GMP's try waits for make check in the same tree; the source
# fetches run one at a time); every other step keeps one job.
TEST_PARALLEL := test-dot test-dot-layout test-libs test-taint test-sanitize test-fuzz
test-all:
	@MAKE="$(MAKE)" STEPS_PARALLEL="$(TEST_PARALLEL)" STEPS_JOBS=$(NPROC) mk/steps.sh $(TEST_TARGETS) format-check
	@echo "make test: all suites passed"
bench-all: $(BENCH_TARGETS)
clean:
	rm -rf $(BUILD) bindings/target harness/target target
