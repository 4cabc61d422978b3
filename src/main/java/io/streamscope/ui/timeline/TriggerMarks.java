package io.streamscope.ui.timeline;

import io.streamscope.replay.query.JobTrigger;
import io.streamscope.ui.replay.ReplayOutcome;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The trigger on the timeline's canvas, one mark per batch: for availableNow and once, the run that processed the batch
 * ({@code run 2}, from Spark's {@code progress.jsonl}: one run per {@code runId}); for a processing-time trigger, the
 * interval since the batch before ({@code +60 s}, from the {@code offsets/N} timestamps). Pure; any thread.
 */
public final class TriggerMarks {

    private TriggerMarks() {
    }

    public static Map<Long, String> of(ReplayOutcome outcome, TimelineData data) {
        if (outcome == null || data == null) {
            return Map.of();
        }
        JobTrigger trigger;
        try {
            trigger = outcome.setup().trigger().orElse(null);
        } catch (RuntimeException unknown) {
            trigger = null;
        }
        Map<Long, String> marks = new LinkedHashMap<>();
        JobTrigger.Kind kind = trigger == null ? null : trigger.kind();
        if (kind == JobTrigger.Kind.PROCESSING_TIME || kind == JobTrigger.Kind.CONTINUOUS) {
            List<TimelineBatch> batches = data.batches();
            for (int i = 1; i < batches.size(); i++) {
                long a = batches.get(i - 1).timestampMs();
                long b = batches.get(i).timestampMs();
                if (a > 0 && b > a) {
                    marks.put(batches.get(i).id(), "+" + seconds(b - a));
                }
            }
            return marks;
        }
        List<List<Long>> runs;
        try {
            runs = TriggerText.runs(outcome.runs().sparkReports());
        } catch (RuntimeException unreadable) {
            runs = List.of();
        }
        if (kind == JobTrigger.Kind.AVAILABLE_NOW || kind == JobTrigger.Kind.ONCE || runs.size() > 1) {
            for (int r = 0; r < runs.size(); r++) {
                for (Long batch : runs.get(r)) {
                    marks.putIfAbsent(batch, "run " + (r + 1));
                }
            }
        }
        return marks;
    }

    private static String seconds(long ms) {
        return ms % 1000 == 0 ? ms / 1000 + " s" : String.format(java.util.Locale.ROOT, "%.1f s", ms / 1000.0);
    }
}
