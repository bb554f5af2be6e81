package dotbench.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * The report as a browser shows it: headless Chromium renders the HTML to PNG, and the picture
 * must contain the charts (pixels of the series colours in quantity) on a page that is not blank.
 * The PNG stays in target/report-render/ for a person to look at.
 */
class BrowserRenderTest {
    @Test
    void chromiumRendersTheChartsNonEmpty() throws Exception {
        Path chromium = HeadlessChromium.find()
                .orElseThrow(
                        () -> new AssertionError("no chromium (Debian package 'chromium', installed by `make deps` via "
                                + "mk/report.mk); set CHROMIUM=/path to use another"));
        Path out = Path.of("target/report-render").toAbsolutePath();
        Files.createDirectories(out);
        Path inputs = Files.createDirectories(out.resolve("inputs"));
        ReportModel model = ReportModel.build(
                ReportFixtureSet.write(inputs),
                PaperReferenceTest.REFERENCE,
                PaperFigure.load(PaperReferenceTest.REFERENCE),
                "test");
        Path html = out.resolve("report.html");
        Files.writeString(html, HtmlReport.render(model));
        Path charts = out.resolve("charts.html");
        // the charts alone as well, so their picture is compact enough to inspect at a glance
        StringBuilder only = new StringBuilder("<!DOCTYPE html><html><body style=\"margin:0;background:#fff\">");
        model.speedupCurves().forEach(c -> only.append(c.svg()));
        model.gmpbenchBars().forEach(c -> only.append(c.svg()));
        model.speedBars().forEach(c -> only.append(c.svg()));
        model.latencyCdfs().forEach(c -> only.append(c.svg()));
        Files.writeString(charts, only.append("</body></html>").toString());

        Path chartsPng = out.resolve("charts.png");
        Files.deleteIfExists(chartsPng);
        HeadlessChromium.screenshot(
                chromium, charts, chartsPng, 900, 1900, Files.createTempDirectory("chromium-profile"));
        BufferedImage img = ImageIO.read(chartsPng.toFile());
        int blue = count(img, 0x0072B2);
        int vermillion = count(img, 0xD55E00);
        int nonWhite = nonWhite(img);
        assertTrue(blue > 5_000, "series-0 colour pixels (bars, curve, CDF): " + blue);
        assertTrue(vermillion > 1_000, "series-1 colour pixels (second machine's bars, dot's CDF): " + vermillion);
        assertTrue(nonWhite > img.getWidth() * img.getHeight() / 50, "drawn pixels: " + nonWhite);

        Path reportPng = out.resolve("report.png");
        Files.deleteIfExists(reportPng);
        HeadlessChromium.screenshot(
                chromium, html, reportPng, 1200, 2400, Files.createTempDirectory("chromium-profile"));
        BufferedImage page = ImageIO.read(reportPng.toFile());
        assertTrue(nonWhite(page) > page.getWidth() * page.getHeight() / 50, "the full report renders text and tables");
    }

    /** Pixels within a small distance of rgb (anti-aliasing shifts edges, not the bars' insides). */
    private static int count(BufferedImage img, int rgb) {
        return HeadlessChromium.pixelsNear(img, rgb);
    }

    private static int nonWhite(BufferedImage img) {
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                if ((img.getRGB(x, y) & 0xFFFFFF) != 0xFFFFFF) {
                    n++;
                }
            }
        }
        return n;
    }
}
