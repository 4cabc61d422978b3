package io.streamscope.ui.timeline;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamscope.replay.query.JobTrigger;
import io.streamscope.ui.replay.ReplayOutcome;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The trigger in words, with where it comes from: the job's {@code trigger(…)}, the runs Spark's own progress reports
 * show ({@code progress.jsonl}: one run per {@code runId}, availableNow's runs grouped), and for a processing-time
 * trigger the intervals between the batches' timestamps (from {@code offsets/N}).
 */
public final class TriggerText {

    private TriggerText() {
    }

    public static String describe(ReplayOutcome outcome, TimelineData data) {
        JobTrigger trigger;
        try {
            trigger = outcome.setup().trigger().orElse(null);
        } catch (RuntimeException e) {
            trigger = null;
        }
        List<List<Long>> runs = runs(outcome.runs().sparkReports());
        StringBuilder text = new StringBuilder();
        if (trigger != null) {
            text.append("Trigger: ").append(trigger.describe()).append(" (the job)");
        }
        if (runs.size() > 0) {
            text.append(text.isEmpty() ? "" : " · ").append(runs.size()).append(runs.size() == 1 ? " run: " : " runs: ")
                    .append(runs.stream().map(run -> run.stream().map(String::valueOf)
                            .collect(Collectors.joining(", ", "[", "]"))).collect(Collectors.joining(" ")))
                    .append(" (Spark's progress.jsonl)");
        }
        if (trigger != null && trigger.kind() == JobTrigger.Kind.PROCESSING_TIME) {
            String intervals = intervals(data);
            if (!intervals.isEmpty()) {
                text.append(" · batches ").append(intervals).append(" apart (offsets/N timestamps)");
            }
        }
        return text.toString();
    }

    /** The batch ids of each run, in order, one run per {@code runId} of Spark's progress reports. */
    public static List<List<Long>> runs(List<JsonNode> reports) {
        Map<String, Set<Long>> byRun = new LinkedHashMap<>();
        for (JsonNode report : reports) {
            if (report.has("batchId")) {
                byRun.computeIfAbsent(report.path("runId").asText(""), id -> new LinkedHashSet<>())
                        .add(report.get("batchId").asLong());
            }
        }
        List<List<Long>> runs = new ArrayList<>();
        byRun.values().forEach(batches -> runs.add(List.copyOf(batches)));
        return runs;
    }

    private static String intervals(TimelineData data) {
        Set<String> seen = new LinkedHashSet<>();
        List<TimelineBatch> batches = data.batches();
        for (int i = 1; i < batches.size() && seen.size() < 4; i++) {
            long a = batches.get(i - 1).timestampMs();
            long b = batches.get(i).timestampMs();
            if (a > 0 && b > a) {
                seen.add(seconds(b - a));
            }
        }
        return String.join(", ", seen);
    }

    private static String seconds(long ms) {
        return ms % 1000 == 0 ? ms / 1000 + " s" : String.format(java.util.Locale.ROOT, "%.1f s", ms / 1000.0);
    }
}
