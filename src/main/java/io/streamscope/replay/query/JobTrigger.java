package io.streamscope.replay.query;

import java.util.Optional;

/**
 * {@code trigger(…)} as written: {@code processingTime="10 seconds"} / {@code Trigger.ProcessingTime(…)},
 * {@code once=True}, {@code availableNow=True}, {@code continuous="1 second"}.
 *
 * @param interval the interval text for processing-time and continuous triggers
 */
public record JobTrigger(Kind kind, Optional<String> interval) {

    public enum Kind { PROCESSING_TIME, ONCE, AVAILABLE_NOW, CONTINUOUS }

    public String describe() {
        return switch (kind) {
            case PROCESSING_TIME -> "processingTime " + interval.orElse("0 seconds");
            case ONCE -> "once";
            case AVAILABLE_NOW -> "availableNow";
            case CONTINUOUS -> "continuous " + interval.orElse("");
        };
    }
}
