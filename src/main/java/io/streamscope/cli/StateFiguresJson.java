package io.streamscope.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.Json;
import io.streamscope.checkpoint.StateOperatorInfo;
import io.streamscope.replay.progress.SparkStateFigures;
import io.streamscope.task.Work;

import java.io.IOException;
import java.io.PrintStream;

/**
 * {@code state CHECKPOINT --figures [--batch N] [--operator K]}: what the state files say batch N did, counted as
 * Spark's {@code stateOperators} progress counts, beside Spark's own figures where a {@code progress.jsonl} holds them:
 * {@code {"batchId","operatorId","figures":{"numRowsTotal","numRowsUpdated","numRowsRemoved"},
 * "spark":{…}, "explanations":[…], "problems":[…]}} ({@code spark} left out when there is no report).
 */
final class StateFiguresJson {

    private StateFiguresJson() {
    }

    static void write(Checkpoint checkpoint, StateOperatorInfo operator, long batchId, PrintStream out) {
        SparkStateFigures.Comparison comparison = SparkStateFigures.compare(checkpoint, operator, batchId, Work.NONE);
        try (JsonGenerator json = Json.mapper().getFactory().createGenerator(new NonClosingStream(out))) {
            json.writeStartObject();
            json.writeNumberField("batchId", batchId);
            json.writeNumberField("operatorId", operator.operatorId());
            json.writeObjectFieldStart("figures");
            figures(json, comparison.files().numRowsTotal(), comparison.files().numRowsUpdated(), comparison.files().numRowsRemoved());
            json.writeEndObject();
            if (comparison.spark().isPresent()) {
                SparkStateFigures spark = comparison.spark().get();
                json.writeObjectFieldStart("spark");
                figures(json, spark.numRowsTotal(), spark.numRowsUpdated(), spark.numRowsRemoved());
                json.writeEndObject();
            }
            json.writeArrayFieldStart("explanations");
            for (String explanation : comparison.explanations()) {
                json.writeString(explanation);
            }
            json.writeEndArray();
            JsonOutput.writeProblems(json, comparison.files().problems());
            json.writeEndObject();
            json.writeRaw('\n');
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void figures(JsonGenerator json, long total, long updated, long removed) throws IOException {
        json.writeNumberField("numRowsTotal", total);
        json.writeNumberField("numRowsUpdated", updated);
        json.writeNumberField("numRowsRemoved", removed);
    }
}
