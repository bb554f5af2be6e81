# The committed result files (results/*.json) must match the documented schema.
APT_PACKAGES += python3-jsonschema
.PHONY: test-results-schema
test-results-schema: | deps
	@echo "== result files against results/schema/dotbench-result-1.schema.json"
	@/usr/bin/python3 results/schema/validate.py results
TEST_TARGETS += test-results-schema
