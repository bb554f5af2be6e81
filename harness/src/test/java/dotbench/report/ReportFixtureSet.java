package dotbench.report;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small set of result files from two machines covering every chart the report draws: kernel
 * speedups over sizes, GMPbench scopes and tests, speed throughput and latency CDFs.
 */
final class ReportFixtureSet {
    private ReportFixtureSet() {}

    static List<ResultFile> write(Path dir) throws Exception {
        Map<String, double[]> kernel = new LinkedHashMap<>();
        int[] limbs = {8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512};
        for (int i = 0; i < limbs.length; i++) {
            double r = 1.2 + 0.2 * i;
            kernel.put("add_n(" + limbs[i] + ")", new double[] {r, r - 0.05, r + (i == 3 ? 0.3 : 0.05)});
        }
        Path jmh = new ResultFixtures("jmh", "AMD EPYC 9004", ResultFixtures.ZEN4_FLAGS, "ifma")
                .comparison("gmp/stock-noasm", "gmp/dot-noasm", kernel, Map.of())
                .write(dir.resolve("jmh.json"));
        Map<String, double[]> scopes = new LinkedHashMap<>();
        scopes.put("multiply", new double[] {1.12, 1.10, 1.14});
        scopes.put("pi", new double[] {1.08, 1.02, 1.15});
        scopes.put("total", new double[] {1.05, 1.04, 1.06});
        Map<String, double[]> tests = new LinkedHashMap<>();
        tests.put("multiply(8192,8192)", new double[] {1.2, 1.18, 1.22});
        tests.put("pi(1000000)", new double[] {0.97, 0.95, 0.99});
        Path gmpA = new ResultFixtures("gmpbench", "AMD EPYC 9004", ResultFixtures.ZEN4_FLAGS, "ifma")
                .variants("stock", "dot")
                .comparison("stock", "dot", tests, scopes)
                .write(dir.resolve("gmp-a.json"));
        Path gmpB = new ResultFixtures("gmpbench", "AMD EPYC 7003", ResultFixtures.ZEN3_FLAGS, "avx2")
                .variants("stock", "dot")
                .comparison("stock", "dot", tests, scopes)
                .write(dir.resolve("gmp-b.json"));
        double[][] stockCdf = {{1000, 0.0}, {1100, 0.5}, {1300, 0.95}, {2000, 1.0}};
        double[][] dotCdf = {{950, 0.0}, {1040, 0.5}, {1250, 0.95}, {1900, 1.0}};
        Path speed = new ResultFixtures("speed", "AMD EPYC 9004", ResultFixtures.ZEN4_FLAGS, "ifma")
                .variants("stock", "dot")
                .test("ffdh2048 derive", Map.of("stock", new double[] {100, 101}, "dot", new double[] {105, 106}))
                .latency("ffdh2048 derive", "stock", stockCdf)
                .latency("ffdh2048 derive", "dot", dotCdf)
                .comparison(
                        "stock",
                        "dot",
                        Map.of("ffdh2048 derive", new double[] {1.05, 1.03, 1.07}, "rsa2048 sign", new double[] {
                            1.02, 0.99, 1.05
                        }),
                        Map.of())
                .write(dir.resolve("speed.json"));
        return List.of(ResultFile.load(jmh), ResultFile.load(gmpA), ResultFile.load(gmpB), ResultFile.load(speed));
    }
}
