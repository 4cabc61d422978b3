package io.streamscope.ui.lab;

import io.streamscope.replay.BatchStep;
import io.streamscope.replay.Replay;
import io.streamscope.replay.lab.ForeachBatchLab;
import io.streamscope.replay.lab.TableOutcome;
import io.streamscope.sparktypes.SparkType;
import io.streamscope.ui.replay.ReplayRequest;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When the window shows the foreachBatch lab ({@link ForeachBatchLab}): the job writes through
 * {@code foreachBatch} and its last batch will replay (the function ran, the query died before {@code commits/N}).
 * The MERGE's keys are the job's own ({@code .merge(source, "t.order_id = s.order_id")}, or SQL's
 * {@code MERGE INTO … ON t.order_id = s.order_id}), else the result's first column. No JavaFX.
 */
public final class CrashLab {

    private static final Pattern FOREACH_BATCH = Pattern.compile("\\.foreachBatch\\s*\\(");
    /** {@code .merge(batch_df.alias("s"), "t.order_id = s.order_id")}: the condition is the last string argument. */
    private static final Pattern MERGE_CALL = Pattern.compile("\\.merge\\s*\\([^\\n]*?,\\s*[\"']([^\"']+)[\"']");
    private static final Pattern MERGE_SQL = Pattern.compile("(?is)MERGE\\s+INTO\\s+\\S+.*?\\bON\\b\\s+(.+?)\\s+WHEN\\b");
    private static final Pattern EQUALITY = Pattern.compile("(?:\\w+\\.)?`?(\\w+)`?\\s*=\\s*(?:\\w+\\.)?`?(\\w+)`?");

    private CrashLab() {
    }

    /** The lab's three tables, or none when the job does not write through foreachBatch or no batch will replay. */
    public static List<TableOutcome> run(ReplayRequest request, Replay replay) {
        if (!request.isJob() || !FOREACH_BATCH.matcher(request.text()).find()
                || replay.steps().stream().noneMatch(BatchStep::willReplay)) {
            return List.of();
        }
        List<String> keys = mergeKeys(request.text(), replay.query().output().schema());
        if (keys.isEmpty()) {
            return List.of();
        }
        try {
            return ForeachBatchLab.run(replay, keys);
        } catch (IllegalArgumentException | NullPointerException e) {
            return List.of();
        }
    }

    /** The columns the job's MERGE matches on, else the first column of the rows written. */
    static List<String> mergeKeys(String job, SparkType.Struct written) {
        Set<String> columns = written.fields().stream().map(SparkType.Field::name)
                .collect(java.util.stream.Collectors.toCollection(LinkedHashSet::new));
        for (Pattern merge : List.of(MERGE_CALL, MERGE_SQL)) {
            Matcher found = merge.matcher(job);
            if (found.find()) {
                List<String> keys = new ArrayList<>();
                Matcher equality = EQUALITY.matcher(found.group(1));
                while (equality.find()) {
                    if (columns.contains(equality.group(1)) && !keys.contains(equality.group(1))) {
                        keys.add(equality.group(1));
                    }
                }
                if (!keys.isEmpty()) {
                    return keys;
                }
            }
        }
        return columns.isEmpty() ? List.of() : List.of(columns.iterator().next());
    }
}
