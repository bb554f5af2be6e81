package dotbench.report;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Renders a local HTML file to PNG with the Debian chromium package, headless, offline (no
 * background networking, no component updates, a fresh profile), as the report's test needs.
 */
final class HeadlessChromium {
    private HeadlessChromium() {}

    static Optional<Path> find() {
        for (String c : List.of(
                System.getenv().getOrDefault("CHROMIUM", ""), "/usr/bin/chromium", "/usr/bin/chromium-browser")) {
            if (!c.isEmpty() && Files.isExecutable(Path.of(c))) {
                return Optional.of(Path.of(c));
            }
        }
        return Optional.empty();
    }

    static void screenshot(Path chromium, Path html, Path png, int width, int height, Path profile)
            throws IOException, InterruptedException {
        Path log = Files.createTempFile("chromium", ".log");
        Process p = new ProcessBuilder(
                        chromium.toString(),
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--hide-scrollbars",
                        "--user-data-dir=" + profile,
                        "--window-size=" + width + "," + height,
                        "--screenshot=" + png,
                        html.toUri().toString())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("chromium did not finish in 90 s; its output: " + Files.readString(log));
        }
        if (p.exitValue() != 0 || !Files.exists(png)) {
            throw new IOException(
                    "chromium exited " + p.exitValue() + " without " + png + "; its output: " + Files.readString(log));
        }
        Files.deleteIfExists(log);
    }

    /** Pixels within a small distance of rgb (anti-aliasing shifts edges, not the insides of bars and lines). */
    static int pixelsNear(BufferedImage img, int rgb) {
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int p = img.getRGB(x, y);
                int d = Math.abs(((p >> 16) & 255) - ((rgb >> 16) & 255))
                        + Math.abs(((p >> 8) & 255) - ((rgb >> 8) & 255))
                        + Math.abs((p & 255) - (rgb & 255));
                if (d < 24) {
                    n++;
                }
            }
        }
        return n;
    }
}
