# The JMH kernel micro-suite (jmh/): the native loop it times kernels in, and `make bench`'s short
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

jmh-short: jmh-jar libs
	$(JMH_RUN) --out $(BUILD)/results/jmh-short.json

jmh-full: jmh-jar libs
	$(JMH_RUN) --full --out $(BUILD)/results/jmh-full.json

BENCH_TARGETS += jmh-short
