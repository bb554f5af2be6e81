# PMNS parameter sets (dot/include/dot_pmns.h): dot/pmns/genparams.py makes them from a seed;
# the committed files live in dot/pmns/params/. The test regenerates the smallest one and
# compares it byte for byte; `make pmns-params` regenerates them all (the 8192-bit ones take
# minutes: lattice reduction in dimension ~100).
APT_PACKAGES += python3-fpylll python3-gmpy2
PMNS_PY := /usr/bin/python3
PMNS_GEN := dot/pmns/genparams.py
PMNS_PARAMS := dot/pmns/params
PMNS_SIZES := 1024 2048 4096 8192
PMNS_DIGITS := 2 3 4

.PHONY: test-pmns-params pmns-params
test-pmns-params: | deps
	@echo "== PMNS parameters: regenerate $(PMNS_PARAMS)/pmns-1024-s2.txt from its seed and compare"
	@mkdir -p $(BUILD)/pmns
	@$(PMNS_PY) $(PMNS_GEN) --bits 1024 --s 2 > $(BUILD)/pmns/pmns-1024-s2.txt
	@cmp $(BUILD)/pmns/pmns-1024-s2.txt $(PMNS_PARAMS)/pmns-1024-s2.txt && echo "identical"
	@echo "== planted control: another seed must give another file"
	@$(PMNS_PY) $(PMNS_GEN) --bits 1024 --s 2 --seed planted-control > $(BUILD)/pmns/planted.txt
	@! cmp -s $(BUILD)/pmns/planted.txt $(PMNS_PARAMS)/pmns-1024-s2.txt && echo "differs, as it must"
TEST_TARGETS += test-pmns-params

pmns-params: | deps
	@mkdir -p $(BUILD)
	@for b in $(PMNS_SIZES); do for s in $(PMNS_DIGITS); do \
	  echo "== $(PMNS_PARAMS)/pmns-$$b-s$$s.txt"; \
	  $(PMNS_PY) $(PMNS_GEN) --bits $$b --s $$s > $(BUILD)/pmns-new.txt || exit 1; \
	  mv $(BUILD)/pmns-new.txt $(PMNS_PARAMS)/pmns-$$b-s$$s.txt; done; done

# Instruction counts of the scalar PMNS kernels equal on random and edge operands (valgrind).
.PHONY: test-pmns-ct
test-pmns-ct: $(DOT_OUT)/test/pmns_ct_probe
	@echo "== PMNS constant-time check (valgrind instruction counts, scalar kernels)"
	@$(DOT_DIR)/test/pmns_ct_check.sh $< $(PMNS_PARAMS)/pmns-1024-s2.txt $(PMNS_PARAMS)/pmns-2048-s3.txt
TEST_TARGETS += test-pmns-ct

