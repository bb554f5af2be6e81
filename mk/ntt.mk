# NTT anchors outside libdot (dot_ntt.h): FLINT 3.1.3's fft_small, built from the upstream tarball
# of the Debian source package flint 3.1.3-2 (verified against its .dsc, no Debian patches) by
# anchors/flint/build.sh, and bench_flint, which times it against GMP's mpn_mul_n and libdot's
# NTT products in one interleaved run. Not part of make test (FLINT takes tens of minutes to build).
FLINT_OUT := $(BUILD)/flint
FLINT_BENCH := $(BUILD)/anchors/bench_flint

.PHONY: flint bench-flint
flint: | deps
	@anchors/flint/build.sh $(FLINT_OUT)
$(FLINT_BENCH): anchors/flint/bench_flint.c $(DOT_DIR)/bench/timing.h $(DOT_COMMON_SRCS) $(DOT_COMMON_HDRS) $(DOT_A) | flint
	@mkdir -p $(@D)
	$(CC) $(DOT_TEST_CFLAGS) -isystem $(FLINT_OUT)/install/include -o $@ $< $(DOT_COMMON_SRCS) $(DOT_A) \
	  -L$(FLINT_OUT)/install/lib -Wl,-rpath,$(abspath $(FLINT_OUT)/install/lib) -lflint -lgmp
# FLINT_BENCH_ARGS=--quick for a short run
bench-flint: $(FLINT_BENCH) libs-gmp
	env $(DOT_BENCH_RUN) $(FLINT_BENCH) $(FLINT_BENCH_ARGS)
