package io.streamscope.lesson;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The chapter on Structured Streaming told on the bundled shop samples, in its order: the model, sources, sinks,
 * triggers, output modes, the checkpoint, foreachBatch, exactly-once, monitoring, then the five questions.
 * The numbers in the texts are the samples' own (the tests check them against the data).
 */
public final class Chapter {

    private Chapter() {
    }

    public static List<LessonStep> steps() {
        List<LessonStep> steps = new ArrayList<>();
        add(steps, "The model", "An unbounded table", "shop-big-orders", 0, null,
                new Evidence(Evidence.Kind.PANEL, "inputTable", ""),
                "Spark sees the topic as a table that never ends: every record is a new row at the bottom. Each run "
                        + "of the query, a micro-batch, reads only the rows that arrived since the last one: batch 0 "
                        + "read offsets 0 to 3, four orders.");
        add(steps, "The model", "One micro-batch per run", "shop-big-orders", 2, null,
                new Evidence(Evidence.Kind.BADGE, "batchTimeline", "batch 2"),
                "Batch 1 read offset 4 and batch 2 read offsets 5 and 6: the table grew by one row, then by two. The "
                        + "query ran once per batch over only the new rows.");
        add(steps, "Sources", "A Kafka record becomes a row", "shop-big-orders", 0, null,
                new Evidence(Evidence.Kind.PANEL, "decodePipeline", "offset 0"),
                "Kafka hands Spark bytes: value is binary. CAST(value AS STRING) makes text of them, and from_json "
                        + "with the schema makes columns; a field that does not fit its type becomes null (PERMISSIVE).");
        add(steps, "Sinks", "Where the rows go", "shop-available-now", 2, null,
                new Evidence(Evidence.Kind.FILE, "shop-available-now-output/_spark_metadata/2", ""),
                "A sink receives each batch's result. This parquet file sink wrote one file per batch and keeps its "
                        + "own log, _spark_metadata, naming the files each batch added.");
        add(steps, "Triggers", "availableNow: process what is there, then stop", "shop-available-now", 2, null,
                new Evidence(Evidence.Kind.BADGE, "batchTimeline", "availableNow"),
                "With Trigger.AvailableNow the query processes what the topic holds and stops. It was started three "
                        + "times with new orders in between: three runs, each one batch.");
        add(steps, "Output modes", "Update: only what changed", "shop-totals-update", 2, "update",
                new Evidence(Evidence.Kind.ROW, "resultTable", "customer_id=1"),
                "Totals per customer in update mode: batch 2 emits only the customers whose total changed, customer 1 "
                        + "(now 47.49) and customer 3 (now 19.74).");
        add(steps, "Output modes", "Complete: the whole table", "shop-totals-update", 2, "complete",
                new Evidence(Evidence.Kind.PANEL, "sinkTable", ""),
                "Complete mode emits the whole result table every batch, all three customers. It needs an "
                        + "aggregation: without one the table of every row ever read could not be rewritten.");
        add(steps, "Output modes", "Append needs a watermark", "shop-totals-update", 2, "append",
                new Evidence(Evidence.Kind.PANEL, "refusalLabel", ""),
                "Append promises a row will never change again, but a total can always grow: Spark refuses append "
                        + "for an aggregation without a watermark, with the reason shown here.");
        add(steps, "Output modes", "The watermark makes append possible", "shop-windowed", 2, "append",
                new Evidence(Evidence.Kind.ROW, "sinkTable", "window.start=2026-01-22T09:10:00Z"),
                "Counting orders per 10-minute window with a 5-minute watermark: once the watermark (09:36 in batch 2) "
                        + "passes a window's end, the window is final and append emits it: 09:10 to 09:20.");
        add(steps, "The checkpoint", "Offsets before, commit after", "shop-copy-crash", 1, null,
                new Evidence(Evidence.Kind.FILE, "offsets/1", ""),
                "Before a batch runs, Spark writes offsets/N: what it will read. After the sink has the rows, it "
                        + "writes commits/N. Batch 1 has both.");
        add(steps, "The checkpoint", "A crash: batch 2 will replay", "shop-copy-crash", 2, null,
                new Evidence(Evidence.Kind.BADGE, "batchTimeline", "will replay"),
                "Batch 2 wrote its rows and crashed before commits/2: offsets/2 without a commit. On restart Spark runs "
                        + "batch 2 again with exactly the same offsets, 5 to 7.");
        add(steps, "The checkpoint", "The restart runs batch 2 again", "shop-copy-crash-restarted", 2, null,
                new Evidence(Evidence.Kind.FILE, "commits/2", ""),
                "Restarted, Spark replayed batch 2 with the offsets of offsets/2 and then wrote commits/2. The source "
                        + "can be read again, so nothing is lost.");
        // the crash samples, not their restarted copies: the lab weighs a batch that will replay (with none, it hides)
        add(steps, "foreachBatch", "The same batch twice: 9 rows or 7", "shop-copy-crash", 2, null,
                new Evidence(Evidence.Kind.PANEL, "foreachBatchLab", ""),
                "The function had written batch 2 when the query died, so on restart it runs for batch 2 again. A plain "
                        + "append writes orders 150 and 151 twice: 9 rows. A MERGE on order_id, or a log of batch ids "
                        + "already written, keeps 7.");
        add(steps, "Exactly-once", "Source, checkpoint, idempotent sink", "shop-merge-crash", 2, null,
                new Evidence(Evidence.Kind.PANEL, "foreachBatchLab", "MERGE"),
                "Exactly-once needs all three: a source that can be read again (Kafka offsets), the checkpoint that "
                        + "says what to read, and a sink that can take the same batch twice (MERGE). Remove one and it "
                        + "breaks: the plain append gave 9 rows.");
        add(steps, "Monitoring", "What Spark reports after each batch", "shop-totals-update", 2, "update",
                new Evidence(Evidence.Kind.PANEL, "progressText", "lastProgress"),
                "After each batch Spark reports its progress: rows read, rates, the duration of each phase, the "
                        + "state's rows. This is batch 2's lastProgress.");
        add(steps, "Monitoring", "Falling behind", "shop-copy-crash", 2, null,
                new Evidence(Evidence.Kind.PANEL, "lagLabel", ""),
                "If 500 rows a second arrive and the query handles 300, after 600 seconds it is 120,000 rows behind. "
                        + "Here the topic is 2 rows ahead of the last committed batch.");
        add(steps, "The five questions", "Questions and answers", "shop-totals-update", 2, "update",
                new Evidence(Evidence.Kind.PANEL, "lessonAnswers", ""),
                "The answers, computed on these samples: the decode pipeline of a record, which mode needs what, "
                        + "batch 2's update, what availableNow does, and the plain append after a crash.");
        return List.copyOf(steps);
    }

    private static void add(List<LessonStep> steps, String part, String title, String sample, long batch, String mode,
                            Evidence evidence, String text) {
        steps.add(new LessonStep(steps.size() + 1, part, title, sample, batch, Optional.ofNullable(mode), evidence, text));
    }
}
