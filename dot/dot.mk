# libdot: libdot.so (API exported) and libdot.a (PIC, API hidden, for linking into GMP/OpenSSL),
# the kernel tests and the C benchmark.
#
# Instruction-set flags apply per source folder, from the folder's name, never globally.
DOT_DIR := dot
DOT_OUT := $(BUILD)/dot
# -fno-reorder-functions and -fno-reorder-blocks-and-partition keep every byte of libdot in
# plain .text: the linker puts .text.unlikely/.text.startup sections at the front of the
# patched libraries' .text, which would shift all of GMP's and OpenSSL's own functions and
# change their code alignment against the stock build (a layout effect, not the patch's).
# -falign-functions=64 -falign-loops=32 pin every function to a 64-byte line and its loops to
# 32 bytes, so a change in one kernel cannot move another kernel's code across line boundaries:
# without them a change to the AVX-512 kernels moved the dispatched entry points by 32 bytes and
# the chain's 1-8 limb calls by up to 1.4x in bench_addsub (results/libdot-layout-zen4-*.txt).
DOT_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Wshadow -fPIC -fvisibility=hidden \
  -fno-reorder-functions -fno-reorder-blocks-and-partition -falign-functions=64 -falign-loops=32 \
  -I$(DOT_DIR)/include -I$(DOT_DIR)/src
ISAFLAGS_scalar :=
ISAFLAGS_sse := -msse4.2
ISAFLAGS_avx2 := -mavx2
ISAFLAGS_avx512 := -mavx512f -mavx512vl -mavx512dq -mavx512bw
ISAFLAGS_ifma := -mavx512f -mavx512vl -mavx512ifma
ISAFLAGS_mulx := -mbmi2 -madx
# the flags of the folder a source sits in: dot/src/avx2/add_n.c -> avx2
isaflags = $(ISAFLAGS_$(notdir $(patsubst %/,%,$(dir $(1)))))

DOT_SRCS := $(sort $(wildcard $(DOT_DIR)/src/*.c $(DOT_DIR)/src/*/*.c $(DOT_DIR)/src/*/*/*.c))
DOT_HDRS := $(sort $(wildcard $(DOT_DIR)/include/*.h $(DOT_DIR)/src/*.h $(DOT_DIR)/src/*/*.h $(DOT_DIR)/src/*/*/*.h))
DOT_SHARED_OBJS := $(patsubst $(DOT_DIR)/src/%.c,$(DOT_OUT)/obj/shared/%.o,$(DOT_SRCS))
DOT_STATIC_OBJS := $(patsubst $(DOT_DIR)/src/%.c,$(DOT_OUT)/obj/static/%.o,$(DOT_SRCS))
DOT_SO := $(DOT_OUT)/libdot.so
DOT_A := $(DOT_OUT)/libdot.a

$(DOT_OUT)/obj/shared/%.o: $(DOT_DIR)/src/%.c $(DOT_HDRS) $(DOT_DIR)/dot.mk | deps
	@mkdir -p $(@D)
	$(CC) $(DOT_CFLAGS) -DDOT_BUILD_SHARED $(call isaflags,$<) -c $< -o $@
$(DOT_OUT)/obj/static/%.o: $(DOT_DIR)/src/%.c $(DOT_HDRS) $(DOT_DIR)/dot.mk | deps
	@mkdir -p $(@D)
	$(CC) $(DOT_CFLAGS) $(call isaflags,$<) -c $< -o $@

$(DOT_SO): $(DOT_SHARED_OBJS)
	$(CC) -shared -Wl,-soname,libdot.so -Wl,-z,noexecstack -o $@ $^
$(DOT_A): $(DOT_STATIC_OBJS)
	rm -f $@ && ar rcs $@ $^

.PHONY: dot
dot: $(DOT_SO) $(DOT_A)

# --- tests ---------------------------------------------------------------------------------
# dot/test/test_*.c: native test programs (libdot.a + GMP as the oracle).
# dot/test/emul/test_*.c: the AVX-512/IFMA sources compiled against SIMDe + the shim, so they
# run here without AVX-512 (test-only: these objects never enter libdot).
APT_PACKAGES += libsimde-dev valgrind libgmp-dev
DOT_TEST_CFLAGS := -std=gnu11 -D_GNU_SOURCE -O2 -g -Wall -Wextra -I$(DOT_DIR)/include -I$(DOT_DIR)/src -I$(DOT_DIR)/test
DOT_COMMON_SRCS := $(wildcard $(DOT_DIR)/test/common/*.c)
DOT_COMMON_HDRS := $(wildcard $(DOT_DIR)/test/common/*.h)
DOT_TESTS := $(patsubst $(DOT_DIR)/test/%.c,$(DOT_OUT)/test/%,$(wildcard $(DOT_DIR)/test/test_*.c))
DOT_EMUL_TESTS := $(patsubst $(DOT_DIR)/test/emul/%.c,$(DOT_OUT)/emul/%,$(wildcard $(DOT_DIR)/test/emul/test_*.c))
DOT_EMUL_SRCS := $(wildcard $(DOT_DIR)/src/avx512/*.c $(DOT_DIR)/src/ifma/*.c \
                   $(DOT_DIR)/src/baselines/avx512/*.c $(DOT_DIR)/src/baselines/ifma/*.c)
DOT_EMUL_OBJS := $(patsubst $(DOT_DIR)/src/%.c,$(DOT_OUT)/obj/emul/%.o,$(DOT_EMUL_SRCS))
DOT_EMUL_CFLAGS := -mavx2 -Wno-psabi -DDOT_EMULATE_AVX512 -I$(DOT_DIR)/test/emul

$(DOT_OUT)/test/%: $(DOT_DIR)/test/%.c $(DOT_COMMON_SRCS) $(DOT_COMMON_HDRS) $(DOT_A)
	@mkdir -p $(@D)
	$(CC) $(DOT_TEST_CFLAGS) -o $@ $< $(DOT_COMMON_SRCS) $(DOT_A) -lgmp
$(DOT_OUT)/obj/emul/%.o: $(DOT_DIR)/src/%.c $(DOT_HDRS) $(wildcard $(DOT_DIR)/test/emul/*.h) | deps
	@mkdir -p $(@D)
	$(CC) $(DOT_CFLAGS) $(DOT_EMUL_CFLAGS) -c $< -o $@
$(DOT_OUT)/emul/%: $(DOT_DIR)/test/emul/%.c $(DOT_COMMON_SRCS) $(DOT_COMMON_HDRS) $(DOT_EMUL_OBJS)
	@mkdir -p $(@D)
	$(CC) $(DOT_TEST_CFLAGS) $(DOT_EMUL_CFLAGS) -o $@ $< $(DOT_COMMON_SRCS) $(DOT_EMUL_OBJS) -lgmp

# dot/test/debug/test_*.c: linked with a DOT_DEBUG build of libdot, which checks contracts.
DOT_DEBUG_OBJS := $(patsubst $(DOT_DIR)/src/%.c,$(DOT_OUT)/obj/debug/%.o,$(DOT_SRCS))
DOT_DEBUG_A := $(DOT_OUT)/libdot-debug.a
DOT_DEBUG_TESTS := $(patsubst $(DOT_DIR)/test/debug/%.c,$(DOT_OUT)/debug/%,$(wildcard $(DOT_DIR)/test/debug/test_*.c))
$(DOT_OUT)/obj/debug/%.o: $(DOT_DIR)/src/%.c $(DOT_HDRS) $(DOT_DIR)/dot.mk | deps
	@mkdir -p $(@D)
	$(CC) $(DOT_CFLAGS) -DDOT_DEBUG $(call isaflags,$<) -c $< -o $@
$(DOT_DEBUG_A): $(DOT_DEBUG_OBJS)
	rm -f $@ && ar rcs $@ $^
$(DOT_OUT)/debug/%: $(DOT_DIR)/test/debug/%.c $(DOT_COMMON_SRCS) $(DOT_COMMON_HDRS) $(DOT_DEBUG_A)
	@mkdir -p $(@D)
	$(CC) $(DOT_TEST_CFLAGS) -DDOT_DEBUG -o $@ $< $(DOT_COMMON_SRCS) $(DOT_DEBUG_A) -lgmp

.PHONY: test-dot test-dot-ct
# the longest programs start first (-f), so that none of them starts last and runs on alone
DOT_TESTS_FIRST := $(DOT_OUT)/test/test_powm $(DOT_OUT)/test/test_addsub $(DOT_OUT)/emul/test_powm_ifma
test-dot: $(DOT_TESTS) $(DOT_EMUL_TESTS) $(DOT_DEBUG_TESTS) test-dot-ct
	@mk/run-each.sh $(addprefix -f ,$(DOT_TESTS_FIRST)) $(DOT_TESTS) $(DOT_EMUL_TESTS) $(DOT_DEBUG_TESTS)
test-dot-ct: $(DOT_OUT)/test/ct_probe
	@echo "== constant-time check (valgrind instruction counts)"
	@$(DOT_DIR)/test/ct_check.sh $<
TEST_TARGETS += test-dot
# code layout of the patched libraries against stock (dot/test/layout/run.sh)
.PHONY: test-dot-layout
test-dot-layout: $(DOT_A) libs-gmp libs-openssl
	@echo "== code layout of the patched libraries"
	@$(DOT_DIR)/test/layout/run.sh $(DOT_A) $(BUILD)
TEST_TARGETS += test-dot-layout
# the NTT products (dot_ntt.h): the same valgrind method on the scalar variant
.PHONY: test-dot-ct-ntt
test-dot-ct-ntt: $(DOT_OUT)/test/ct_ntt_probe
	@echo "== constant-time check of the NTT products (valgrind instruction counts)"
	@$(DOT_DIR)/test/ct_ntt_check.sh $<
TEST_TARGETS += test-dot-ct-ntt

# --- benchmarks ----------------------------------------------------------------------------
# dot/bench/bench_*.c, linked like the tests. They run against the stock GMP built from source
# when there is one (make libs; same soname as the system's), else the system's libgmp, and each
# table's header names the file.
DOT_BENCHES := $(patsubst $(DOT_DIR)/bench/%.c,$(DOT_OUT)/bench/%,$(wildcard $(DOT_DIR)/bench/bench_*.c))
DOT_BENCH_GMP_LIB := $(BUILD)/gmp/stock/lib
DOT_BENCH_RUN = $$(test -f $(DOT_BENCH_GMP_LIB)/libgmp.so && echo LD_LIBRARY_PATH=$(DOT_BENCH_GMP_LIB))

# dot/bench/ab.py: two builds of bench_addsub run alternately, after/before per column beside the
# control, runs in another machine state left out; its test plants tables with known answers (and
# the state filter's control) and parses the real binary's output.
.PHONY: test-bench-ab
test-bench-ab: $(DOT_OUT)/bench/bench_addsub
	@echo "== dot/bench/ab.py: planted before/after tables, the state filter's control, the real format"
	@/usr/bin/python3 $(DOT_DIR)/test/ab/test_ab.py $<
TEST_TARGETS += test-bench-ab

# A benchmark bench_NAME.c whose parts outgrow one file keeps them in dot/bench/NAME/ (*.c linked
# with it, *.h): bench_phases in phases/, bench_pmns in pmns/.
bench_parts = $(wildcard $(DOT_DIR)/bench/$(1)/*.c)
$(DOT_OUT)/bench/bench_%: $(DOT_DIR)/bench/bench_%.c $$(call bench_parts,$$*) $$(wildcard $(DOT_DIR)/bench/$$*/*.h) \
                          $(wildcard $(DOT_DIR)/bench/*.h) $(DOT_COMMON_SRCS) $(DOT_COMMON_HDRS) $(DOT_A)
	@mkdir -p $(@D)
	$(CC) $(DOT_TEST_CFLAGS) -o $@ $< $(call bench_parts,$*) $(DOT_COMMON_SRCS) $(DOT_A) -lgmp -ldl -lm

.PHONY: bench-dot bench-dot-quick
bench-dot: $(DOT_BENCHES) libs-gmp
	@for b in $(DOT_BENCHES); do echo "== $$b"; env $(DOT_BENCH_RUN) $$b || exit 1; done
	@echo "== $(DOT_OUT)/bench/bench_addsub --small"; env $(DOT_BENCH_RUN) $(DOT_OUT)/bench/bench_addsub --small
	@echo "== $(DOT_OUT)/bench/bench_addsub --inplace"; env $(DOT_BENCH_RUN) $(DOT_OUT)/bench/bench_addsub --inplace
	@echo "== $(DOT_OUT)/bench/bench_addsub --placement"; env $(DOT_BENCH_RUN) $(DOT_OUT)/bench/bench_addsub --placement
	@echo "== $(DOT_OUT)/bench/bench_addsub --alias"; env $(DOT_BENCH_RUN) $(DOT_OUT)/bench/bench_addsub --alias
bench-dot-quick: $(DOT_BENCHES) libs-gmp
	@for b in $(DOT_BENCHES); do echo "== $$b --quick"; env $(DOT_BENCH_RUN) $$b --quick || exit 1; done
BENCH_TARGETS += bench-dot
RUN_TARGETS += bench-dot-quick

# The phase breakdown as a result file (suite "phases", results/README.md): bench_phases --json
# writes the measurements, mk/native_result.py adds the provenance. The report's Table 1 and 3
# rows read it (results/paper-reference.json). PHASES_RESULT=FILE names the output.
PHASES_RESULT ?= $(BUILD)/results/phases-$(shell date -u +%Y%m%dT%H%M%SZ).json
.PHONY: phases-result
phases-result: $(DOT_OUT)/bench/bench_phases
	env $(DOT_BENCH_RUN) $< --json $(DOT_OUT)/bench/phases-body.json
	mk/native_result.py --suite phases --command "bench_phases --json" \
	  --body $(DOT_OUT)/bench/phases-body.json --out $(PHASES_RESULT)

# --- instruction-count gate ------------------------------------------------------------------
# Deterministic regression gate for noisy CI: valgrind's instruction counts of fixed workloads
# against results/icount-baseline.tsv. Other fragments add workloads to ICOUNT_WORKLOADS.
# Refresh the baseline on purpose (after a deliberate change) with: make icount-baseline
ICOUNT_BASELINE := results/icount-baseline.tsv
# promises between pieces (a patched library's small product against stock's), with a control
ICOUNT_RELATIONS := $(DOT_DIR)/test/icount/relations.tsv
ICOUNT_WORKLOADS := $(DOT_OUT)/icount/workload
$(DOT_OUT)/icount/workload: $(DOT_DIR)/test/icount/workload.c $(DOT_COMMON_SRCS) $(DOT_COMMON_HDRS) $(DOT_A)
	@mkdir -p $(@D)
	$(CC) $(DOT_TEST_CFLAGS) -o $@ $< $(DOT_COMMON_SRCS) $(DOT_A) -lgmp

.PHONY: test-icount icount-baseline
test-icount: $$(ICOUNT_WORKLOADS)
	@echo "== instruction-count gate (valgrind) against $(ICOUNT_BASELINE) and $(ICOUNT_RELATIONS)"
	@CC=$(CC) DOT_ICOUNT_RELATIONS=$(ICOUNT_RELATIONS) $(DOT_DIR)/test/icount/gate.sh $(ICOUNT_BASELINE) $(ICOUNT_WORKLOADS)
icount-baseline: $$(ICOUNT_WORKLOADS)
	@CC=$(CC) $(DOT_DIR)/test/icount/gate.sh --update $(ICOUNT_BASELINE) $(ICOUNT_WORKLOADS)
TEST_TARGETS += test-icount

# --- tune: the add/sub crossovers of this CPU ------------------------------------------------
# Prints the chain-vs-vector table and the rows for dot/src/crossover_table.h (see dot.h for the
# run-time override DOT_CROSSOVER). Copy the printed rows into the table to ship them.
$(DOT_OUT)/tune/tune_addsub: $(DOT_DIR)/tune/tune_addsub.c $(wildcard $(DOT_DIR)/tune/*.h) $(DOT_DIR)/bench/timing.h $(DOT_COMMON_SRCS) $(DOT_COMMON_HDRS) $(DOT_A)
	@mkdir -p $(@D)
	$(CC) $(DOT_TEST_CFLAGS) -o $@ $< $(DOT_COMMON_SRCS) $(DOT_A) -lgmp

.PHONY: tune
tune: $(DOT_OUT)/tune/tune_addsub
	$< $(TUNE_ARGS) | tee $(DOT_OUT)/tune.txt
