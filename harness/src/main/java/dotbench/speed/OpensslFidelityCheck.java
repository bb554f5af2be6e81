package dotbench.speed;

import com.google.gson.JsonObject;
import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import dotbench.pipeline.FidelityCheck;
import dotbench.pipeline.Pairing;
import dotbench.pipeline.Pipeline;
import dotbench.pipeline.RunResult;
import dotbench.pipeline.Schedule;
import dotbench.pipeline.Suite;
import dotbench.results.AtomicFiles;
import dotbench.results.Provenance;
import dotbench.results.ResultJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * `dotbench fidelity speed`: rounds of the `openssl` program's `speed -seconds N -mr rsa2048
 * ffdh2048` on the first variant's library alternate with rounds of the harness run; RSA-2048
 * sign/verify and FFDH-2048 derive are compared by the median per-round ratio (see {@link Fidelity}).
 * With --out, the harness's last round is written as a result file with the check in it.
 */
final class OpensslFidelityCheck implements FidelityCheck {
    /** The check's own option. */
    static final class Options {
        @Option(
                names = "--openssl",
                paramLabel = "PROGRAM",
                required = true,
                description =
                        "The openssl program built from the first variant's tree (`make openssl-fidelity` builds it).")
        Path openssl;
    }

    private final Speed suite;
    private final Options options = new Options();

    OpensslFidelityCheck(Speed suite) {
        this.suite = suite;
    }

    @Override
    public String description() {
        return "The harness's ops per user CPU second for RSA-2048 sign/verify and FFDH-2048 derive against openssl speed's"
                + " on the same library file, in alternating rounds; the verdict is on the median per-round ratio.";
    }

    @Override
    public Object options() {
        return options;
    }

    @Override
    public int defaultRounds() {
        return 3;
    }

    @Override
    public double defaultTolerance() {
        return 0.10;
    }

    @Override
    public Verdict run(Request request) throws IOException {
        List<String> run = suite.algorithms().stream().map(Algorithm::name).toList();
        if (!run.contains("rsa2048") || !run.contains("ffdh2048")) {
            throw new DotbenchException(
                    ExitCodes.USAGE,
                    "fidelity compares rsa2048 and ffdh2048, so --algs must include both (got " + run + ")");
        }
        if (!Files.isExecutable(options.openssl)) {
            throw new DotbenchException(
                    ExitCodes.MISSING_BUILD,
                    "--openssl: " + options.openssl + " is not an executable (`make openssl-fidelity` builds it)");
        }
        JsonObject provenance = Provenance.collect(request.root());
        try (SpeedRun speedRun = (SpeedRun) suite.open(
                new Suite.Context(request.root(), request.settings(), request.variants(), request.progress()))) {
            List<Pairing> pairs = Pairing.select(request.pairs(), speedRun.variants());
            List<RunResult<SpeedDetail>> rounds = new ArrayList<>();
            LoadedVariant first = speedRun.variant(0);
            int seconds = (int) Math.max(
                    1,
                    Math.round(
                            request.settings().schedule() instanceof Schedule.Windows w
                                    ? w.window().toMillis() / 1000.0
                                    : 1));
            Fidelity.Result checked;
            try {
                checked = Fidelity.run(
                        options.openssl,
                        Fidelity.Target.of(first),
                        round -> {
                            RunResult<SpeedDetail> r =
                                    Pipeline.run(speedRun, request.settings(), pairs, request.progress());
                            rounds.add(r);
                            return Fidelity.figures(r.outcomes(), first.name());
                        },
                        seconds,
                        request.rounds(),
                        request.tolerance(),
                        request.progress());
            } catch (IOException e) {
                throw new DotbenchException(ExitCodes.MISSING_BUILD, "fidelity: " + e.getMessage(), e);
            }
            RunResult<SpeedDetail> last = rounds.get(rounds.size() - 1);
            if (request.out().isPresent()) {
                JsonObject root = ResultJson.of(suite.name(), speedRun, last, provenance, request.commandLine());
                root.add("fidelity", SpeedFields.fidelity(checked));
                AtomicFiles.write(request.out().get(), ResultJson.text(root));
            }
            StringBuilder table = new StringBuilder("openssl speed -mr, last round:\n");
            checked.rounds()
                    .get(checked.rounds().size() - 1)
                    .opensslMr()
                    .forEach(l -> table.append(l).append('\n'));
            table.append(checked.table());
            return new Verdict(checked.passed() && !last.anyFailure(), table.toString());
        }
    }
}
