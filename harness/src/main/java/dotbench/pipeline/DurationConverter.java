package dotbench.pipeline;

import java.time.Duration;
import java.util.Locale;
import picocli.CommandLine;

/** "250ms", "0.25s" or a plain number of seconds ("0.25") as a Duration. */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        double scale = 1e9;
        if (v.endsWith("ms")) {
            v = v.substring(0, v.length() - 2);
            scale = 1e6;
        } else if (v.endsWith("s")) {
            v = v.substring(0, v.length() - 1);
        }
        double amount;
        try {
            amount = Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is not a duration (examples: 250ms, 0.25s, 0.25)");
        }
        if (!(amount > 0) || Double.isInfinite(amount)) {
            throw new CommandLine.TypeConversionException("a duration must be positive, got '" + value + "'");
        }
        return Duration.ofNanos(Math.round(amount * scale));
    }
}
