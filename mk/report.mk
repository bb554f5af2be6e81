# Reports, regression comparison and the JMH kernel micro-suite (results/README-report.md).
#
#   make report             HTML + Markdown report of every result file in results/ into build/report/
#   make compare BASE=a.json NEW=b.json   the regression gate between two runs (exit 10 on a regression)
#
# The report test renders the HTML in headless Chromium, so a fresh machine needs the package.
APT_PACKAGES += chromium
REPORT_OUT := $(BUILD)/report
REPORT_INPUTS ?= results
# the history whose trends (change points, GMPbench scopes) the report adds; empty for none
REPORT_HISTORY ?= results/history

.PHONY: report compare
report: java
	$(DOTBENCH) report --out-dir $(REPORT_OUT) $(REPORT_HISTORY:%=--history %) $(REPORT_INPUTS)

compare: java
	@test -n "$(BASE)" -a -n "$(NEW)" || { echo "usage: make compare BASE=base.json NEW=new.json [COMPARE_ARGS=--threshold 0.05]" >&2; exit 2; }
	$(DOTBENCH) compare $(COMPARE_ARGS) $(BASE) $(NEW)

# JMH kernel micro-suite (jmh/): the native loop it times kernels in, and `make bench`'s short
# profile. The loop library is part of java-native so that `make test` (mvn package) can run the
# suite's correctness test.
#
#   make jmh-short          every case once, short profile (a few minutes), -> build/results/jmh-short.json
#   make jmh-full           one fork per case, longer iterations               -> build/results/jmh-full.json
#   JMH_CASES=REGEX         only the cases (IMPL:OP:LIMBS) matching REGEX, e.g. JMH_CASES='gmp/.*:add_n'
JMH_OUT := $(BUILD)/jmh
KLOOP_SO := $(JMH_OUT)/libdotbench_kloop.so
JMH_JAR := jmh/target/dotbench-jmh.jar
JMH_CASES ?= .*
JMH_RUN = nice $(JDK25)/bin/java --enable-native-access=ALL-UNNAMED -Ddotbench.root=$(CURDIR) \
  -cp '$(JMH_JAR):jmh/target/lib/*' dotbench.jmh.BenchMain --cases '$(JMH_CASES)'

$(KLOOP_SO): jmh/src/main/c/kernel_loop.c jmh/src/main/c/kernel_loop.h | deps
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -O2 -g -Wall -Wextra -fPIC -shared -Wl,-z,noexecstack -o $@ $<

java-native: $(KLOOP_SO)

.PHONY: jmh-jar jmh-short jmh-full
jmh-jar: java-native | java-jdk deps
	$(MVN) -q -DskipTests -pl jmh -am package

jmh-short: jmh-jar $(if $(wildcard mk/libs.mk),libs)
	$(JMH_RUN) --out $(BUILD)/results/jmh-short.json

jmh-full: jmh-jar $(if $(wildcard mk/libs.mk),libs)
	$(JMH_RUN) --full --out $(BUILD)/results/jmh-full.json

BENCH_TARGETS += jmh-short

# Instruction-count workloads per patched library (dot/test/icount/lib_workload.c), added to the
# gate of dot/dot.mk (make test-icount; refresh on purpose with make icount-baseline): each
# patched GMP and OpenSSL variant, with libdot forced to each ISA valgrind can run.
ICOUNT_LIB_VARIANTS := dot dot-noasm
ICOUNT_LIB_ISAS := scalar avx2
ICOUNT_LIB_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -I$(DOT_DIR)/test
# $(1) gmp|openssl  $(2) variant  $(3) isa  $(4) -DLIB_... $(5) the library to link
define icount_lib_workload
$(DOT_OUT)/icount/lib-$(1)-$(2)-$(3): $(DOT_DIR)/test/icount/lib_workload.c $(DOT_DIR)/test/common/check.c $(DOT_DIR)/test/common/check.h mk/report.mk | libs-$(1)
	@mkdir -p $$(@D)
	$$(CC) $(ICOUNT_LIB_CFLAGS) $(4) -DVARIANT='"$(2)"' -DISA='"$(3)"' -I$(BUILD)/$(1)/$(2)/include -o $$@ $$< \
	  $(DOT_DIR)/test/common/check.c -L$(BUILD)/$(1)/$(2)/lib -Wl,-rpath,$(CURDIR)/$(BUILD)/$(1)/$(2)/lib $(5)
ICOUNT_WORKLOADS += $(DOT_OUT)/icount/lib-$(1)-$(2)-$(3)
endef
$(foreach v,$(ICOUNT_LIB_VARIANTS),$(foreach i,$(ICOUNT_LIB_ISAS),\
  $(eval $(call icount_lib_workload,gmp,$(v),$(i),-DLIB_GMP,-lgmp))\
  $(eval $(call icount_lib_workload,openssl,$(v),$(i),-DLIB_OPENSSL,-lcrypto))))
