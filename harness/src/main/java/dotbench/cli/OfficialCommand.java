package dotbench.cli;

import dotbench.bindings.Gmp;
import dotbench.bindings.LibraryKind;
import dotbench.bindings.LibraryVariant;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.VariantSpec;
import dotbench.gmpbench.Comparisons;
import dotbench.gmpbench.GmpBenchSuite;
import dotbench.gmpbench.GmpBenchTest;
import dotbench.gmpbench.GmpBenchText;
import dotbench.gmpbench.VariantInfo;
import dotbench.official.OfficialJson;
import dotbench.official.OfficialResults;
import dotbench.official.OfficialRun;
import dotbench.pipeline.Comparison;
import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import dotbench.pipeline.Pairing;
import dotbench.pipeline.RatioTable;
import dotbench.pipeline.VariantSelection;
import dotbench.results.AtomicFiles;
import dotbench.results.Provenance;
import dotbench.stats.Intervals;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** `dotbench gmpbench-official`: GMPbench 0.2's own programs, built per variant, run and scored as runbench does. */
@Command(
        name = "gmpbench-official",
        mixinStandardHelpOptions = true,
        description = {
            "Run GMPbench 0.2's own programs (built by `make gmpbench-official`) on each GMP variant, interleaved per test,"
                    + " score them exactly as runbench does and write a result file (suite gmpbench-official) that report and compare read."
        },
        footer = "%n" + ExitCodes.HELP)
final class OfficialCommand implements Callable<Integer> {
    @Option(
            names = "--programs",
            paramLabel = "DIR",
            description = "Folder of per-variant program folders (default build/gmpbench-official/bin).")
    Path programs;

    @Option(
            names = "--variants",
            paramLabel = "NAME[,NAME...]",
            description = "GMP variants (default: every variant with built programs, matrix order).")
    String variants;

    @Option(
            names = "--tests",
            paramLabel = "TEST[,TEST...]",
            description = "Tests or programs (default: runbench's 39).")
    String tests;

    @Option(
            names = "--pairs",
            paramLabel = "BASE:CAND[,...]",
            description = "A/B pairs (default: stock:dot and stock-noasm:dot-noasm where both run).")
    String pairs;

    @Option(
            names = "--rounds",
            paramLabel = "N",
            defaultValue = "3",
            description = "Rounds, each running every test on every variant (3..50, default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(
            names = "--noise-threshold",
            paramLabel = "FRACTION",
            defaultValue = "0.05",
            description = "Flag a ratio noisy when its 95%% CI is wider than this fraction of it.")
    double noiseThreshold;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "Results JSON (default build/results/gmpbench-official.json).")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        Path root = Roots.find();
        if (rounds < 3 || rounds > 50) {
            throw new DotbenchException(ExitCodes.USAGE, "--rounds must be between 3 and 50, got " + rounds);
        }
        Path dir = programs != null ? programs : root.resolve("build/gmpbench-official/bin");
        long programMs = programMs(dir);
        List<GmpBenchTest> selected;
        try {
            selected = tests == null ? GmpBenchSuite.all() : GmpBenchSuite.select(tests);
        } catch (IllegalArgumentException e) {
            throw new DotbenchException(ExitCodes.USAGE, e.getMessage());
        }
        List<VariantSpec> specs = new VariantSelection(VariantCatalog.scan(root), LibraryKind.GMP, "GMP", "gmp")
                .resolve(Optional.of(variants != null ? variants : builtIn(dir)));
        List<String> names = specs.stream().map(VariantSpec::name).toList();
        List<Pairing> pairings = Pairing.select(Optional.ofNullable(pairs), names);
        Path file = out != null ? out : root.resolve("build/results/gmpbench-official.json");
        OutputCheck.writable(file);
        var provenance = Provenance.collect(root);
        List<OfficialRun.Variant> runVariants = new ArrayList<>();
        Map<String, String> dirs = new LinkedHashMap<>();
        for (String n : names) {
            Path d = dir.resolve(n).toAbsolutePath().normalize();
            runVariants.add(new OfficialRun.Variant(n, d));
            dirs.put(n, d.toString());
        }
        List<VariantInfo> before = describe(specs);
        stderr.printf(
                "gmpbench-official: %d tests x %d variants (%s), %d rounds, %.1f s per program: about %.0f min%n",
                selected.size(),
                names.size(),
                String.join(", ", names),
                rounds,
                programMs / 1000.0,
                selected.size() * names.size() * rounds * programMs / 60_000.0);
        stderr.flush();
        OfficialResults results;
        try {
            results = new OfficialRun(runVariants, rounds, line -> {
                        stderr.println(line);
                        stderr.flush();
                    })
                    .run(selected);
        } catch (IllegalStateException e) {
            throw new DotbenchException(ExitCodes.MISSING_BUILD, e.getMessage(), e);
        }
        List<VariantInfo> after = describe(specs);
        Intervals intervals = new Intervals(Intervals.DEFAULT_RESAMPLES, 1, noiseThreshold);
        List<Comparison> comparisons = pairings.stream()
                .map(p -> Comparisons.compareRates(p.baseline(), p.candidate(), results.testRates(), intervals))
                .toList();
        List<VariantInfo> infos = new ArrayList<>();
        for (int i = 0; i < before.size(); i++) {
            VariantInfo b = before.get(i);
            infos.add(new VariantInfo(
                    b.name(),
                    b.library(),
                    b.version(),
                    b.marker(),
                    b.manifest(),
                    b.sha256(),
                    !b.sha256().equals(after.get(i).sha256())));
        }
        for (VariantInfo v : infos) {
            stdout.println(OfficialText.block(v, results, programMs));
        }
        comparisons.forEach(c -> stdout.println(RatioTable.render(c, List.of(), GmpBenchText::scopeLabel)));
        try {
            AtomicFiles.write(
                    file,
                    OfficialJson.of(
                            results,
                            programMs,
                            infos,
                            dirs,
                            comparisons,
                            intervals,
                            noiseThreshold,
                            provenance,
                            Provenance.libdot(root),
                            String.join(" ", spec.commandLine().getParseResult().originalArgs())));
        } catch (IOException e) {
            throw new DotbenchException(ExitCodes.IO_ERROR, "cannot write " + file + ": " + e.getMessage(), e);
        }
        stdout.printf(
                "gmpbench-official: %d tests in %.0f s; results in %s%n",
                selected.size(), results.elapsedSeconds(), file);
        if (results.anyFailure()) {
            results.failures()
                    .forEach((t, m) -> m.forEach(
                            (v, why) -> stdout.println("gmpbench-official: " + v + " FAILED " + t + ": " + why)));
            return ExitCodes.WRONG_ANSWER;
        }
        return ExitCodes.OK;
    }

    /** The program time the build script recorded beside the programs. */
    private static long programMs(Path dir) {
        Path f = dir.resolve("program_ms");
        if (!Files.isRegularFile(f)) {
            throw new DotbenchException(
                    ExitCodes.MISSING_BUILD,
                    "no GMPbench programs in " + dir
                            + ": build them with `make gmpbench-official GMPBENCH_TARBALL=/path/to/gmpbench-0.2.tar.bz2`");
        }
        try {
            return Long.parseLong(Files.readString(f).trim());
        } catch (IOException | NumberFormatException e) {
            throw new DotbenchException(ExitCodes.MISSING_BUILD, "unreadable " + f + ": " + e.getMessage(), e);
        }
    }

    /** The matrix variants (in matrix order) that have a program folder under dir. */
    private static String builtIn(Path dir) {
        List<String> found = VariantSelection.MATRIX.stream()
                .filter(v -> Files.isDirectory(dir.resolve(v)))
                .toList();
        if (found.isEmpty()) {
            throw new DotbenchException(
                    ExitCodes.MISSING_BUILD, "no variant folders under " + dir + " (run `make gmpbench-official`)");
        }
        return String.join(",", found);
    }

    private static List<VariantInfo> describe(List<VariantSpec> specs) {
        List<VariantInfo> out = new ArrayList<>();
        for (VariantSpec s : specs) {
            try (LibraryVariant v = LibraryVariant.open(s)) {
                Gmp gmp = Gmp.of(v);
                out.add(new VariantInfo(
                        s.name(),
                        s.library(),
                        gmp.version(),
                        v.marker(),
                        s.manifest(),
                        v.loadedFile().sha256(),
                        false));
            } catch (IllegalArgumentException e) {
                throw new DotbenchException(ExitCodes.MISSING_BUILD, e.getMessage(), e);
            }
        }
        return out;
    }
}
