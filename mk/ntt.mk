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

# The OpenSSL ntt variant (opt-in, not part of make test: one more OpenSSL build, minutes):
# DoTSSL plus openssl-patch/ntt/ (BN_MONT_CTX keeps a dot_ntt_mont of N; DOTSSL_NTT_MIN_BITS).
#   make libs-openssl-ntt    build/openssl/ntt
#   make test-openssl-ntt    OpenSSL's BN/RSA/DH/DSA recipes and test_rsapss on it with every odd
#                            modulus through the NTT (DOTSSL_NTT_MIN_BITS=0; NTT_TEST_MIN_BITS),
#                            counted, and gdb's proof that an RSA-6144 verify reaches the NTT
#   make bench-rsa-ntt       RSA sign/verify/encrypt/decrypt at 5120-10240 bits, stock, dot and
#                            ntt interleaved (NTT_RSA_ROUNDS rounds of NTT_RSA_SECONDS CPU seconds
#                            per operation), then the calls per operation on ntt
NTT_TEST_MIN_BITS ?= 0
NTT_RSA_ROUNDS ?= 9
NTT_RSA_SECONDS ?= 1
NTT_RSA_BITS ?= 5120 6144 7680 8192 10240
.PHONY: libs-openssl-ntt test-openssl-ntt bench-rsa-ntt
libs-openssl-ntt: $(LIBS_SRC)/openssl.ready $(DOT_A) | deps
	@$(LIBS_ENV) DEB_VERSION=$$(cat $(LIBS_SRC)/openssl.version) nice -n 10 openssl-patch/build.sh ntt $(LIBS_SRC)/openssl $(BUILD)
test-openssl-ntt: libs-openssl-ntt libs-openssl
	NPROC=$(NPROC) nice -n 10 openssl-patch/ntt/check.sh $(BUILD) $(NTT_TEST_MIN_BITS)
bench-rsa-ntt: libs-openssl-ntt libs-openssl
	@mkdir -p $(RESULTS_OUT)
	openssl-patch/ntt/rsa_ab.sh $(BUILD) $(RESULTS_OUT)/rsa-ntt.txt $(NTT_RSA_ROUNDS) $(NTT_RSA_SECONDS) $(NTT_RSA_BITS)
	nice openssl-patch/ntt/calls.sh $(BUILD) ntt $(NTT_RSA_BITS) | tee -a $(RESULTS_OUT)/rsa-ntt.txt
