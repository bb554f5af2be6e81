# The constant-time and safety promises, each with a test that can fail and a planted control
# that must (README "Guarantees and how they are tested"):
#   make test-taint       secret-taint (ctgrind) checks under memcheck: libdot's _ct and 4x4
#                         kernels, and the sec paths of the GMP and OpenSSL variants end to end
#   make test-timing      dudect-style timing test of every _ct kernel natively (AVX-512 and IFMA
#                         included); make timing-long for the long run (also in the device bundle)
#   make test-sanitize    the libdot test programs under AddressSanitizer + UBSan, and the
#                         dispatch's first-call thread test (also under ThreadSanitizer)
#   make test-fuzz        libFuzzer targets against GMP, a bounded run; make fuzz-long for more
SAFETY_OUT := $(BUILD)/safety
SAFETY_CFLAGS := -std=gnu11 -D_GNU_SOURCE -O2 -g -Wall -Wextra -I$(DOT_DIR)/include -I$(DOT_DIR)/src -I$(DOT_DIR)/test

# --- secret taint (dot/test/taint/) ---------------------------------------------------------
.PHONY: test-taint test-taint-kernels test-taint-libs
test-taint: test-taint-kernels test-taint-libs
TEST_TARGETS += test-taint

$(SAFETY_OUT)/taint/taint_kernels: $(DOT_DIR)/test/taint/taint_kernels.c $(DOT_COMMON_SRCS) $(DOT_COMMON_HDRS) $(DOT_A) | deps
	@mkdir -p $(@D)
	$(CC) $(SAFETY_CFLAGS) -o $@ $< $(DOT_COMMON_SRCS) $(DOT_A) -lgmp
test-taint-kernels: $(SAFETY_OUT)/taint/taint_kernels
	@echo "== secret taint (memcheck): libdot kernels and the planted controls"
	@$(DOT_DIR)/test/taint/check.sh kernels $<

# One probe per library variant, compiled against that variant (OpenSSL's: against its source
# tree's bn_local.h too, for the limbs of a BIGNUM); cheap, so rebuilt on every run.
test-taint-libs: libs-gmp libs-openssl
	@echo "== secret taint (memcheck): GMP's sec_ functions and OpenSSL's constant-time modexp"
	@set -e; out=$(SAFETY_OUT)/taint; mkdir -p $$out; \
	for v in $(GMP_VARIANTS); do p=$(abspath $(BUILD))/gmp/$$v; \
	  $(CC) -O1 -g -Wall -I$$p/include $(DOT_DIR)/test/taint/taint_gmp.c -o $$out/gmp-$$v -L$$p/lib -Wl,-rpath,$$p/lib -lgmp; done; \
	for v in $(OPENSSL_VARIANTS); do p=$(abspath $(BUILD))/openssl/$$v o=$(abspath $(BUILD))/obj/openssl/$$v; \
	  s=$$(cd $$o && realpath "$$(sed -n 's/^SRCDIR=//p' Makefile)"); \
	  $(CC) -O1 -g -Wall -I$$p/include -I$$o/include -I$$s/include -I$$s $(DOT_DIR)/test/taint/taint_openssl.c \
	    -o $$out/openssl-$$v -L$$p/lib -Wl,-rpath,$$p/lib -lcrypto; done
	@$(DOT_DIR)/test/taint/check.sh gmp $(SAFETY_OUT)/taint
	@$(DOT_DIR)/test/taint/check.sh openssl $(SAFETY_OUT)/taint

# --- timing (dot/test/timing/) -----------------------------------------------------------------
# The quick run times the avx512 and ifma variants' kernels (valgrind cannot run them; a CPU
# without them prints a skip line for each) and the planted leaky kernel, which must be found.
.PHONY: test-timing timing-long
$(SAFETY_OUT)/timing/timing_ct: $(DOT_DIR)/test/timing/timing_ct.c $(DOT_DIR)/test/timing/welch.h $(DOT_COMMON_SRCS) $(DOT_COMMON_HDRS) $(DOT_A) | deps
	@mkdir -p $(@D)
	$(CC) $(SAFETY_CFLAGS) -o $@ $< $(DOT_COMMON_SRCS) $(DOT_A) -lgmp
test-timing: $(SAFETY_OUT)/timing/timing_ct
	@echo "== timing test (dudect method): the AVX-512 and IFMA constant-time kernels"
	@$< --quick
TEST_TARGETS += test-timing
timing-long: $(SAFETY_OUT)/timing/timing_ct
	$<
# In the device bundle as timing_ct: `dot-device timing_ct` runs the long mode, --quick the short.
DEVICE_PROGRAMS += $(DOT_DIR)/test/timing/timing_ct.c
DEVICE_OBJS += $(DEVICE_OUT)/obj/timing_ct.o
$(DEVICE_OUT)/dot-device: $(DEVICE_OUT)/obj/timing_ct.o
$(DEVICE_OUT)/obj/%.o: $(DOT_DIR)/test/timing/%.c $(DOT_DIR)/test/timing/welch.h $(DOT_COMMON_HDRS) $(DOT_HDRS) | deps
	@mkdir -p $(@D)
	$(CC) $(DOT_TEST_CFLAGS) -Dmain=device_$* -c $< -o $@

# --- sanitizers (AddressSanitizer + UBSan; ThreadSanitizer for the thread test) --------------
# libdot compiled again with the sanitizer, per-folder ISA flags as in dot.mk, into its own
# archive; the test programs of dot/test (native and emulated AVX-512/IFMA) linked with it.
# Inline asm (the add-with-carry chain) is not instrumented by ASan: its loads and stores are
# checked only where C code around it touches the same limbs. The emulated AVX-512/IFMA objects
# get -fwrapv: SIMDe models the wrapping vector lanes with signed C arithmetic, whose overflow
# UBSan would otherwise report inside SIMDe's headers.
SAN_FLAGS_asan := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SAN_FLAGS_tsan := -fsanitize=thread
# libdot less its NTT and PMNS files: what the thread test and the fuzz targets reach (the
# unrolled PMNS and NTT kernels cost minutes to compile with instrumentation)
SAFETY_MIN_SRCS := $(foreach f,$(DOT_SRCS),$(if $(findstring /ntt_,$(f))$(findstring /pmns,$(f)),,$(f)))
SAN_CC_asan := $(CC)
SAN_CC_tsan := $(CC)
# Leak detection off: the test programs do not free everything they allocate (e.g. glob results
# in test_pmns's child), which is not what these runs are for.
# DOT_TEST_DIVISOR=20: a twentieth of the random cases (5,000 of 100,000 a kernel); every
# pathological family still runs in full. The plain runs (make test-dot) keep the full counts.
SAN_ENV := ASAN_OPTIONS=detect_leaks=0:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 DOT_TEST_DIVISOR=20
# $(1): asan | tsan, $(2): the libdot sources
define san_lib
$(SAFETY_OUT)/$(1)/obj/%.o: $(DOT_DIR)/src/%.c $(DOT_HDRS) | deps
	@mkdir -p $$(@D)
	$(SAN_CC_$(1)) $(DOT_CFLAGS) $(SAN_FLAGS_$(1)) $$(call isaflags,$$<) -c $$< -o $$@
$(SAFETY_OUT)/$(1)/obj-emul/%.o: $(DOT_DIR)/src/%.c $(DOT_HDRS) $(wildcard $(DOT_DIR)/test/emul/*.h) | deps
	@mkdir -p $$(@D)
	$(SAN_CC_$(1)) $(DOT_CFLAGS) $(DOT_EMUL_CFLAGS) $(SAN_FLAGS_$(1)) -fwrapv -c $$< -o $$@
$(SAFETY_OUT)/$(1)/libdot.a: $(patsubst $(DOT_DIR)/src/%.c,$(SAFETY_OUT)/$(1)/obj/%.o,$(2))
	rm -f $$@ && ar rcs $$@ $$^
endef
$(eval $(call san_lib,asan,$(DOT_SRCS)))
$(eval $(call san_lib,tsan,$(SAFETY_MIN_SRCS)))
# Emulated (SIMDe), for CPUs without AVX-512: the add/sub, 4x4 and schoolbook kernels' programs only (the
# native programs above cover the NTT and PMNS kernels on this CPU; their emulated objects cost
# minutes each to compile with ASan).
SAN_EMUL_SRCS := $(wildcard $(DOT_DIR)/src/avx512/add_n.c $(DOT_DIR)/src/avx512/sub_n.c $(DOT_DIR)/src/ifma/mul_4x4.c \
                   $(DOT_DIR)/src/ifma/sqr_4x4.c $(DOT_DIR)/src/ifma/mul_5x5_r52.c \
                   $(DOT_DIR)/src/ifma/mul_basecase.c)
SAN_EMUL_OBJS := $(patsubst $(DOT_DIR)/src/%.c,$(SAFETY_OUT)/asan/obj-emul/%.o,$(SAN_EMUL_SRCS))
SAN_TESTS := $(patsubst $(DOT_DIR)/test/%.c,$(SAFETY_OUT)/asan/test/%,$(wildcard $(DOT_DIR)/test/test_*.c)) \
             $(SAFETY_OUT)/asan/emul/test_avx512 $(SAFETY_OUT)/asan/emul/test_mul_ifma $(SAFETY_OUT)/asan/emul/test_ifma_shim \
             $(SAFETY_OUT)/asan/test/thread_first_call
$(SAFETY_OUT)/asan/test/%: $(DOT_DIR)/test/%.c $(DOT_COMMON_SRCS) $(DOT_COMMON_HDRS) $(SAFETY_OUT)/asan/libdot.a
	@mkdir -p $(@D)
	$(CC) $(DOT_TEST_CFLAGS) $(SAN_FLAGS_asan) -pthread -o $@ $< $(DOT_COMMON_SRCS) $(SAFETY_OUT)/asan/libdot.a -lgmp
$(SAFETY_OUT)/asan/test/%: $(DOT_DIR)/test/safety/%.c $(DOT_COMMON_SRCS) $(DOT_COMMON_HDRS) $(SAFETY_OUT)/asan/libdot.a
	@mkdir -p $(@D)
	$(CC) $(DOT_TEST_CFLAGS) $(SAN_FLAGS_asan) -pthread -o $@ $< $(DOT_COMMON_SRCS) $(SAFETY_OUT)/asan/libdot.a -lgmp
$(SAFETY_OUT)/asan/emul/%: $(DOT_DIR)/test/emul/%.c $(DOT_COMMON_SRCS) $(DOT_COMMON_HDRS) $(SAN_EMUL_OBJS)
	@mkdir -p $(@D)
	$(CC) $(DOT_TEST_CFLAGS) $(DOT_EMUL_CFLAGS) $(SAN_FLAGS_asan) -fwrapv -o $@ $< $(DOT_COMMON_SRCS) $(SAN_EMUL_OBJS) -lgmp
$(SAFETY_OUT)/tsan/thread_first_call: $(DOT_DIR)/test/safety/thread_first_call.c $(DOT_COMMON_SRCS) $(DOT_COMMON_HDRS) $(SAFETY_OUT)/tsan/libdot.a
	@mkdir -p $(@D)
	$(CC) $(DOT_TEST_CFLAGS) $(SAN_FLAGS_tsan) -pthread -o $@ $< $(DOT_COMMON_SRCS) $(SAFETY_OUT)/tsan/libdot.a -lgmp
$(SAFETY_OUT)/thread_first_call: $(DOT_DIR)/test/safety/thread_first_call.c $(DOT_COMMON_SRCS) $(DOT_COMMON_HDRS) $(DOT_A)
	@mkdir -p $(@D)
	$(CC) $(DOT_TEST_CFLAGS) -pthread -o $@ $< $(DOT_COMMON_SRCS) $(DOT_A) -lgmp

.PHONY: test-sanitize test-threads
# test_powm, the longest by far, starts first
test-sanitize: $(SAN_TESTS)
	@echo "== libdot's test programs under AddressSanitizer + UBSan"
	@mk/run-each.sh -t 2 $(addprefix -e ,$(SAN_ENV)) -f $(SAFETY_OUT)/asan/test/test_powm $(SAN_TESTS)
TEST_TARGETS += test-sanitize
# the dispatch's first call raced by 16 threads in fresh processes, plain and under TSan; the
# planted racy lazy initialisation must be reported by TSan
test-threads: $(SAFETY_OUT)/thread_first_call $(SAFETY_OUT)/tsan/thread_first_call
	@echo "== dispatch resolution: first calls raced by many threads, in fresh processes"
	@$(SAFETY_OUT)/thread_first_call 50
	@echo "-- under ThreadSanitizer"
	@TSAN_OPTIONS=halt_on_error=1 $(SAFETY_OUT)/tsan/thread_first_call 10
	@out=$$(TSAN_OPTIONS=halt_on_error=1 $(SAFETY_OUT)/tsan/thread_first_call planted-race 2>&1); rc=$$?; \
	if [ $$rc -ne 0 ] && grep -q 'ThreadSanitizer: data race' <<<"$$out"; then \
	  echo "  ok   planted racy lazy init: reported by ThreadSanitizer (exit $$rc)"; \
	else echo "  FAIL planted racy lazy init not reported (exit $$rc)"; exit 1; fi
TEST_TARGETS += test-threads

# --- fuzzing (dot/test/fuzz/, libFuzzer from Debian's clang) --------------------------------
# libdot built by clang with libFuzzer's coverage and ASan + UBSan, the targets linked with the
# system GMP as the oracle. `make test` runs each target FUZZ_SECONDS from the committed seed
# corpus (dot/test/fuzz/corpus/<target>/; new inputs go to a scratch copy), then the target with
# a planted wrong answer, which must be found. make fuzz-long FUZZ_LONG_SECONDS=3600: the long run.
APT_PACKAGES += clang libclang-rt-dev
FUZZ_CC := clang
FUZZ_SECONDS := 25
FUZZ_LONG_SECONDS := 1800
SAN_FLAGS_fuzz := -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
# libdot's flags less the gcc-only ones (code layout for the benchmarks, irrelevant here)
FUZZ_DOT_CFLAGS := $(filter-out -fno-reorder-functions -fno-reorder-blocks-and-partition,$(DOT_CFLAGS))
$(SAFETY_OUT)/fuzz/obj/%.o: $(DOT_DIR)/src/%.c $(DOT_HDRS) | deps
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_DOT_CFLAGS) $(SAN_FLAGS_fuzz) $(call isaflags,$<) -c $< -o $@
# The IFMA exponentiation, which no fuzz target calls (make test-sanitize runs it under ASan and
# UBSan), with libFuzzer's coverage only: under ASan + UBSan its compile, since the product
# instances to 16 vectors and the wide product (9d8156a), was most of make test's fuzz step
# (results/make-test-steps-zen5-7a1a4dc.txt).
$(SAFETY_OUT)/fuzz/obj/ifma/powm.o: SAN_FLAGS_fuzz := -fsanitize=fuzzer-no-link
$(SAFETY_OUT)/fuzz/libdot.a: $(patsubst $(DOT_DIR)/src/%.c,$(SAFETY_OUT)/fuzz/obj/%.o,$(SAFETY_MIN_SRCS))
	rm -f $@ && ar rcs $@ $^
FUZZ_TARGETS := fuzz_addsub fuzz_mul4x4
$(SAFETY_OUT)/fuzz/%: $(DOT_DIR)/test/fuzz/%.c $(SAFETY_OUT)/fuzz/libdot.a
	@mkdir -p $(@D)
	$(FUZZ_CC) -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -I$(DOT_DIR)/include -I$(DOT_DIR)/src -o $@ $< $(SAFETY_OUT)/fuzz/libdot.a -lgmp
$(SAFETY_OUT)/fuzz/fuzz_addsub_planted: $(DOT_DIR)/test/fuzz/fuzz_addsub.c $(SAFETY_OUT)/fuzz/libdot.a
	@mkdir -p $(@D)
	$(FUZZ_CC) -g -O1 -DFUZZ_PLANT -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -I$(DOT_DIR)/include -I$(DOT_DIR)/src -o $@ $< $(SAFETY_OUT)/fuzz/libdot.a -lgmp

.PHONY: test-fuzz fuzz-long
test-fuzz: $(addprefix $(SAFETY_OUT)/fuzz/,$(FUZZ_TARGETS) fuzz_addsub_planted)
	@echo "== fuzzing (libFuzzer, GMP as the oracle): $(FUZZ_SECONDS) s a target and the planted wrong answer, $(NPROC) at a time"
	@NPROC=$(NPROC) $(DOT_DIR)/test/fuzz/run.sh $(SAFETY_OUT)/fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)
TEST_TARGETS += test-fuzz
fuzz-long: $(addprefix $(SAFETY_OUT)/fuzz/,$(FUZZ_TARGETS) fuzz_addsub_planted)
	@$(DOT_DIR)/test/fuzz/run.sh $(SAFETY_OUT)/fuzz $(FUZZ_LONG_SECONDS) $(FUZZ_TARGETS)

# --- tests that cannot pass vacuously --------------------------------------------------------
.PHONY: test-validate test-gmp-host-guard test-libs-isa
# results/schema/validate.py fails on no files, reports a non-UTF-8 file and checks the rest
test-validate: | deps
	@echo "== validate.py: no vacuous pass"
	@results/schema/test_validate.sh
TEST_TARGETS += test-validate

# the refusal of a GMP_HOST whose sec_ asm calls mpn_add_n: the real dot tree passes, a tree with
# coreihwl's redc_1.asm (configure's choice for a Haswell host, which has no native sbpi1_bdiv_r)
# is refused with exit 2, and the same file beside a native sbpi1_bdiv_r (a Broadwell or later
# Intel host: sec_powm then never calls mpn_redc_1) is accepted
test-gmp-host-guard: libs-gmp
	@echo "== GMP_HOST guard for the sec_ paths"
	@gmp-patch/sec_host.sh $(BUILD)/obj/gmp/dot $(GMP_HOST) && echo "  ok   $(GMP_HOST): accepted"
	@t=$$(mktemp -d) && mkdir $$t/mpn && ln -s $(abspath $(LIBS_SRC))/gmp/mpn/x86_64/coreihwl/redc_1.asm $$t/mpn/redc_1.asm && \
	  { gmp-patch/sec_host.sh $$t coreihwl-pc-linux-gnu 2> $$t/err; rc=$$?; }; msg=$$(cat $$t/err); \
	  printf '#define HAVE_NATIVE_mpn_sbpi1_bdiv_r 1\n' > $$t/config.h; \
	  { gmp-patch/sec_host.sh $$t rocketlake-pc-linux-gnu 2> $$t/err2; rc2=$$?; }; rm -rf $$t; \
	  if [ $$rc = 2 ] && grep -q 'refused' <<<"$$msg"; then echo "  ok   coreihwl-pc-linux-gnu: refused: $$msg"; \
	  else echo "  FAIL coreihwl-pc-linux-gnu not refused (exit $$rc)"; exit 1; fi; \
	  if [ $$rc2 = 0 ]; then echo "  ok   the same redc_1.asm beside a native sbpi1_bdiv_r: accepted"; \
	  else echo "  FAIL redc_1.asm beside a native sbpi1_bdiv_r refused (exit $$rc2)"; exit 1; fi
TEST_TARGETS += test-gmp-host-guard

$(SAFETY_OUT)/isa_list: $(DOT_DIR)/test/safety/isa_list.c $(DOT_A) | deps
	@mkdir -p $(@D)
	$(CC) $(SAFETY_CFLAGS) -o $@ $< $(DOT_A)
# The library suites again under every other DOT_ISA this CPU runs (the default's full runs are
# test-libs'): GMP's tests/mpn on dot, tests/devel/try on the vector kernels (DOT_CROSSOVER=0)
# through the carry-in forms (one repetition guarded by red zones, five plain: the guard's
# mprotect calls are nearly all of try's time, gmp-patch/try.sh), OpenSSL's test_bn and test_exp on dot-noasm (where bn_add_words
# and comba4 reach libdot), and calls.sh on both libraries. To keep make test within its budget
# it leaves out the rows whose library-facing kernels another run already covers: chain (the
# add-with-carry chain every row runs below its crossover, and at every size in test-libs' try
# with DOT_CROSSOVER=max) and avx512 (the same add/sub and 4x4 kernels as ifma's row);
# `make test-libs-isa LIBS_ISA_SKIP=` runs them too.
LIBS_ISA_SKIP ?= chain avx512
test-libs-isa: libs-gmp libs-openssl $(SAFETY_OUT)/isa_list
	@set -e; isas=$$($(SAFETY_OUT)/isa_list --others); \
	echo "== library suites under each other DOT_ISA: $$(echo $$isas) (default: $$($(SAFETY_OUT)/isa_list | head -1); left out: $(or $(LIBS_ISA_SKIP),none))"; \
	for isa in $$isas; do \
	  case " $(LIBS_ISA_SKIP) " in *" $$isa "*) continue;; esac; \
	  echo "-- DOT_ISA=$$isa"; \
	  DOT_ISA=$$isa NPROC=$(NPROC) nice -n 10 gmp-patch/check.sh $(BUILD)/obj/gmp/dot tests/mpn; \
	  DOT_ISA=$$isa TRY_RUNS="mpn_add_nc:1-64:0:1 mpn_sub_nc:1-64:0:1 mpn_add_nc:1-64:0:5:plain mpn_sub_nc:1-64:0:5:plain" nice -n 10 gmp-patch/try.sh $(BUILD)/obj/gmp/dot; \
	  DOT_ISA=$$isa NPROC=$(NPROC) nice -n 10 openssl-patch/check.sh $(BUILD)/obj/openssl/dot-noasm test_bn test_exp; \
	  DOT_ISA=$$isa CALLS_VARIANTS="dot dot-noasm" gmp-patch/calls.sh gmp $(BUILD); \
	  DOT_ISA=$$isa CALLS_VARIANTS="dot dot-noasm" gmp-patch/calls.sh openssl $(BUILD); \
	done
TEST_TARGETS += test-libs-isa
