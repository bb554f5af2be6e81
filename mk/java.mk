# The Java side: the native helpers the harness loads (build/harness/), the Maven modules
# bindings/ and harness/ (JDK 25, found here), the dotbench launcher, and `make run`'s A/B.
#
#   make java           build the native helpers, package the jars, write build/harness/dotbench
#   make java-test      the JUnit suites (part of `make test`)
#   make gmpbench-quick the quick GMPbench-style A/B of the GMP variants (what `make run` runs)
#   make ntt-quick      the NTT multiplication crossover suite, quick profile (build/results/ntt-quick.json)
#   make modmul-quick   the modular-multiplication suite (PMNS vs GMP vs OpenSSL), quick profile (build/results/modmul-quick.json)
#   make gmpbench-full  the same with GMPbench's 250 ms batches and more samples, and the controls
#                       stock~copy and stock~shift beside stock
#   make fidelity       the A/B ratios from Java against the native driver's: 4 rounds, each a fresh JVM
#                       and a fresh native process, quick profile unless FIDELITY_ARGS says otherwise
#                       (e.g. FIDELITY_ARGS="--quick --variants stock-noasm,dot-noasm" for the C pathways)
#   make bindings       regenerate the low-level bindings with jextract (mk/bindings.mk)
#   make java-format    format the hand-written Java (palantir-java-format through spotless; part of `make format`)
#   make java-lint      fail on unformatted Java or a repeated block of code (PMD's CPD) in bindings/, harness/, jmh/,
#                       generated bindings excluded; part of `make test` and `make format-check`
APT_PACKAGES += maven
HARNESS_OUT := $(BUILD)/harness
HARNESS_C := harness/src/main/c
HARNESS_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -fPIC
DOTBENCH := $(HARNESS_OUT)/dotbench
DOTBENCH_JAR := harness/target/dotbench.jar

# JDK 25 or newer: $JAVA_HOME if it is one, else the first under /usr/lib/jvm (the default
# `java` here is 17, which has no final FFM API).
JDK25 := $(shell for d in "$$JAVA_HOME" /usr/lib/jvm/*; do \
  v=$$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$$d/release" 2>/dev/null); \
  if [ -n "$$v" ] && [ "$$v" -ge 25 ] && [ -x "$$d/bin/java" ]; then echo "$$d"; break; fi; done)
# Maven's bundled guava calls sun.misc.Unsafe, which JDK 25 warns about; that is Maven's, not ours.
MVN := JAVA_HOME=$(JDK25) MAVEN_OPTS="--sun-misc-unsafe-memory-access=allow" mvn -B -ntp -Dstyle.color=never
# jextract names some classes NAME$shared: each $ doubled, so the second expansion of the
# prerequisites (.SECONDEXPANSION) gives it back instead of reading a variable
JAVA_SRCS := pom.xml $(subst $$,$$$$,$(shell find bindings/pom.xml bindings/src harness/pom.xml harness/src/main/java harness/src/main/resources -type f 2>/dev/null))

.PHONY: java java-native java-test java-jdk java-format java-lint format format-check gmpbench-quick gmpbench-full fidelity bindings ntt-quick modmul-quick

java-jdk:
	@test -n "$(JDK25)" || { echo "java.mk: no JDK 25 found (looked at JAVA_HOME and /usr/lib/jvm/*/release); install one, e.g. Temurin 25, under /usr/lib/jvm" >&2; exit 1; }

# libdotbench_native.so: GMPbench's workloads and the timed loops, called through FFM with the
# function pointers of whichever GMP variant is being measured. It links no libgmp itself.
HARNESS_WORK := $(HARNESS_C)/gmpbench_work.c $(HARNESS_C)/gmpbench_pi.c $(HARNESS_C)/gmp_fns.c
# It also holds the modular-multiplication suite's timed loops (modmul_loops.c).
HARNESS_MODMUL := $(HARNESS_C)/modmul_loops.c
$(HARNESS_OUT)/libdotbench_native.so: $(HARNESS_WORK) $(HARNESS_MODMUL) $(wildcard $(HARNESS_C)/*.h) | deps
	@mkdir -p $(@D)
	$(CC) $(HARNESS_CFLAGS) -shared -Wl,-z,noexecstack -o $@ $(HARNESS_WORK) $(HARNESS_MODMUL) -lm
# the same workloads driven from C alone: the harness's fidelity reference
$(HARNESS_OUT)/gmpbench_native: $(HARNESS_C)/gmpbench_native.c $(HARNESS_WORK) $(wildcard $(HARNESS_C)/*.h) | deps
	@mkdir -p $(@D)
	$(CC) $(HARNESS_CFLAGS) -o $@ $(HARNESS_C)/gmpbench_native.c $(HARNESS_WORK) -ldl -lm

# libdotbench_ntt.so: the NTT suite's kernels (each libdot NTT variant by its transform table,
# from libdot's static archive) and its timed loop
$(HARNESS_OUT)/libdotbench_ntt.so: $(HARNESS_C)/ntt_loop.c $(HARNESS_C)/ntt_loop.h $(DOT_A) | deps
	@mkdir -p $(@D)
	$(CC) $(HARNESS_CFLAGS) -I$(DOT_DIR)/include -I$(DOT_DIR)/src -shared -Wl,-z,noexecstack -o $@ $(HARNESS_C)/ntt_loop.c $(DOT_A)

java-native: $(DOT_SO) $(HARNESS_OUT)/libdotbench_native.so $(HARNESS_OUT)/gmpbench_native $(HARNESS_OUT)/libdotbench_ntt.so

$(DOTBENCH_JAR): $(JAVA_SRCS) | java-jdk deps
	$(MVN) -q -DskipTests package
	@touch $@

# The launcher runs a private copy of the jars under build/harness/jars, each replaced by rename:
# a `mvn package` rewriting harness/target (another make in the same tree) cannot pull the
# classes from under a run in progress, which keeps the old files open.
HARNESS_JARS := $(HARNESS_OUT)/jars
$(DOTBENCH): $(DOTBENCH_JAR) mk/java.mk
	@mkdir -p $(HARNESS_JARS)/lib
	@for f in $(DOTBENCH_JAR) harness/target/lib/*.jar; do \
	  dest=$(HARNESS_JARS)/$${f#harness/target/}; cp "$$f" "$$dest.tmp" && mv -f "$$dest.tmp" "$$dest"; done
	@printf '#!/bin/sh\n# dotbench launcher written by mk/java.mk\nexec "%s/bin/java" -Ddotbench.root="%s" -jar "%s/%s/dotbench.jar" "$$@"\n' \
	  "$(JDK25)" "$(CURDIR)" "$(CURDIR)" "$(HARNESS_JARS)" > $@.tmp
	@chmod +x $@.tmp && mv -f $@.tmp $@

java: java-native $(DOTBENCH)

# the side-by-side test loads the GMP and libcrypto variants, so they are built first
java-test: java-native libs | java-jdk deps
	$(MVN) package

# `make run`: build everything, then the quick A/B of GMP stock vs dot and stock-noasm vs
# dot-noasm. Without build/gmp/* dotbench says so and stops (exit 3): it never quietly
# benchmarks the system library instead.
RESULTS_OUT := $(BUILD)/results
gmpbench-quick: java libs
	$(DOTBENCH) gmpbench --quick --out $(RESULTS_OUT)/gmpbench-quick.json

# the NTT multiplication crossover suite's quick profile (under a minute): GMP against libdot's NTT
ntt-quick: java libs
	$(DOTBENCH) ntt --quick --out $(RESULTS_OUT)/ntt-quick.json

# the modular-multiplication suite's quick profile (under a minute): libdot's PMNS, full and
# truncated, against GMP's and OpenSSL's Montgomery products at 1024-8192 bits
modmul-quick: java libs
	$(DOTBENCH) modmul --quick --out $(RESULTS_OUT)/modmul-quick.json

# with both controls beside the matrix: the byte copy (noise) and the layout control (placement),
# each paired with stock, the yardsticks for a single test's ratio in stock:dot
gmpbench-full: java libs libs-gmp-shift
	$(DOTBENCH) gmpbench --variants stock,dot,stock-noasm,dot-noasm,stock~copy,stock~shift \
	  --out $(RESULTS_OUT)/gmpbench-full.json

# Ratios from the Java harness and from gmpbench_native (no Java), same workloads and settings:
# they should agree within 3% per category (base, app) and in total (geometric means over fresh
# processes); the programs are shown beside them.
FIDELITY_ARGS ?= --quick
fidelity: java libs
	$(DOTBENCH) fidelity gmpbench --native $(HARNESS_OUT)/gmpbench_native $(FIDELITY_ARGS)

java-format: | java-jdk
	$(MVN) -q spotless:apply

java-lint: | java-jdk
	$(MVN) -q spotless:check pmd:cpd-check

# the C half of `make format`/`make format-check` adds its own prerequisites to the same targets
format: java-format
format-check: java-lint

TEST_TARGETS += java-test java-lint
RUN_TARGETS += gmpbench-quick
BENCH_TARGETS += ntt-quick modmul-quick
