# The openssl-speed-style A/B suite over the libcrypto variants (dotbench speed).
#
#   make speed-quick       the quick A/B (1 s windows, rsa2048/4096, rsakem2048, ffdh2048, dsa2048); part of `make run`
#   make speed             the full suite: every size of RSA, RSA-KEM, FFDH and DSA, 10 s windows like openssl speed
#                          (71 minutes on the 2-core build VM for the four variants, 12 keys generated on the way)
#   make openssl-fidelity  build the `openssl` program from the stock tree and check that the harness's stock
#                          RSA-2048 sign/verify and FFDH-2048 derive lie within 10% of `openssl speed -seconds 10`:
#                          3 rounds (FIDELITY_ROUNDS), each one `openssl speed` and one harness run, alternating
#                          which goes first; the verdict is on the median per-round ratio
#                          (about 9 minutes: `openssl speed rsa2048` also runs its RSA-KEM and signature tests)
#
# SPEED_ARGS adds options (e.g. SPEED_ARGS="--ia32cap '~0x0:~0x200000:~0x80000000000000:~0x0:~0x0'").
# The keys live in build/speed/keys (generated once by the system libcrypto, then reused).
SPEED_OUT := $(BUILD)/speed
OPENSSL_STOCK_OBJ := $(BUILD)/obj/openssl/stock
OPENSSL_APP := $(SPEED_OUT)/openssl-app/bin/openssl
FIDELITY_ROUNDS ?= 3

.PHONY: speed-quick speed openssl-fidelity

speed-quick: java libs-openssl
	$(DOTBENCH) speed --quick --out $(RESULTS_OUT)/speed-quick.json $(SPEED_ARGS)

speed: java libs-openssl
	$(DOTBENCH) speed --out $(RESULTS_OUT)/speed-full.json $(SPEED_ARGS)

# The stock variant is built without apps (openssl-patch/build.sh); apps/openssl is built in its
# object tree and copied out with libssl, so later rebuilds of that tree cannot change what was
# checked. It runs against build/openssl/stock/lib/libcrypto.so.3, the file the harness loads.
$(OPENSSL_APP): $(BUILD)/openssl/stock/lib/libcrypto.so
	mkdir -p $(@D) $(SPEED_OUT)/openssl-app/lib
	nice -n 10 $(MAKE) -C $(OPENSSL_STOCK_OBJ) -j$(NPROC) apps/openssl > $(SPEED_OUT)/openssl-app.log 2>&1 || { tail -30 $(SPEED_OUT)/openssl-app.log; exit 1; }
	cp $(OPENSSL_STOCK_OBJ)/apps/openssl $@.tmp && mv $@.tmp $@
	cp -P $(OPENSSL_STOCK_OBJ)/libssl.so.3 $(SPEED_OUT)/openssl-app/lib/

openssl-fidelity: java libs-openssl
	$(MAKE) $(OPENSSL_APP)
	$(DOTBENCH) fidelity speed --variants stock --algs rsa2048,ffdh2048 --seconds 10 --openssl $(OPENSSL_APP) \
	  --rounds $(FIDELITY_ROUNDS) \
	  --out $(RESULTS_OUT)/speed-fidelity.json $(SPEED_ARGS)

RUN_TARGETS += speed-quick
