package dotbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.pipeline.ExitCodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `dotbench` as a separate process under the limits a shell sets: a file-size limit (ulimit -f)
 * that cuts a write short, a umask, and a libdot variable that would abort the process. Each is
 * what a user saw go wrong: a truncated file renamed into place with exit 0, files made 0600
 * whatever the umask, and SIGABRT (exit 134) after the whole run.
 */
class ProcessLimitsTest {
    private static final Path ROOT = Path.of(System.getProperty("dotbench.root", ".."));
    private static final Path RESULT = ROOT.resolve("results/gmpbench-quick-zen4-3267b2e.json");

    @TempDir
    Path dir;

    private record Exit(int status, String err) {}

    /** Runs `dotbench ARGS` in a fresh JVM on this test's class path after the shell lines in {@code setup}. */
    private Exit dotbench(String setup, String env, List<String> args) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        StringBuilder cmd =
                new StringBuilder(setup).append("; exec env ").append(env).append(' ');
        for (String a : List.of(
                java,
                "-XX:-UsePerfData",
                "--enable-native-access=ALL-UNNAMED",
                "-Ddotbench.root=" + ROOT,
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName())) {
            cmd.append('\'').append(a).append("' ");
        }
        args.forEach(a -> cmd.append('\'').append(a).append("' "));
        Process p = new ProcessBuilder("bash", "-c", cmd.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Exit(p.waitFor(), err);
    }

    private List<String> names(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aFileSizeLimitFailsTheReportWithExit5AndLeavesTheOldPairAndNoDebris() throws Exception {
        Path out = Files.createDirectories(dir.resolve("report"));
        Files.writeString(out.resolve("report.html"), "old html");
        Files.writeString(out.resolve("report.md"), "old md");
        // 40 KiB: the Markdown (about 16 KB) would fit, the HTML (over 100 KB) does not
        Exit e = dotbench("ulimit -f 40", "", List.of("report", RESULT.toString(), "--out-dir", out.toString()));
        assertEquals(ExitCodes.IO_ERROR, e.status(), e.err());
        assertTrue(
                e.err().startsWith("dotbench: cannot write the report into ")
                        && e.err().contains("File too large"),
                e.err());
        assertEquals(1, e.err().lines().count(), e.err());
        assertEquals(List.of("report.html", "report.md"), names(out), "no temporary file is left");
        assertEquals("old html", Files.readString(out.resolve("report.html")));
        assertEquals(
                "old md", Files.readString(out.resolve("report.md")), "the pair is replaced together or not at all");
    }

    @Test
    void resultFilesFollowTheUmask() throws Exception {
        Path out = dir.resolve("report");
        Exit e = dotbench("umask 027", "", List.of("report", RESULT.toString(), "--out-dir", out.toString()));
        assertEquals(ExitCodes.OK, e.status(), e.err());
        assertEquals(
                "rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(out.resolve("report.md"))));
    }

    @Test
    void aBadDotIsaIsRefusedUpFrontNotAbortedOn() throws Exception {
        Exit e = dotbench("true", "DOT_ISA=garbage", List.of("info"));
        assertEquals(ExitCodes.USAGE, e.status(), e.err());
        assertTrue(
                e.err()
                        .startsWith(
                                "dotbench: DOT_ISA=garbage names no libdot variant; known: scalar, chain, sse, avx2"),
                e.err());
        assertEquals(1, e.err().lines().count(), e.err());
    }
}
