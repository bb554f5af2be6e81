package dotbench.speed;

import java.util.Optional;

/** One operation of one variant, ready to be repeated: what the window runner times. */
public interface OpLoop {
    /** Performs the operation once; returns false when the library reported a failure. */
    boolean once();

    /** Checks the output the last {@link #once()} left behind (outside the timed region); empty when right. */
    Optional<String> checkLast();
}
