package io.streamscope.samples.generator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code state-ground-truth.json}: what Spark's own State Data Source reads from a sample's checkpoint, for every
 * committed batch and every {@link StateRead} of the sample. A read that fails is recorded with its error instead of
 * rows (the root cause, and Spark's error condition and message where it has one), so one unsupported option does not
 * stop the generator. A change feed ({@link StateRead#perBatch()} false) is read once, after the last batch, for its
 * range of batches ({@code "changeFeed"}).
 */
final class StateGroundTruth {

    static final String FILE = "state-ground-truth.json";
    static final String FORMAT = "statestore";
    static final String METADATA_FORMAT = "state-metadata";

    private final SparkSession spark;
    private final ObjectMapper json;

    StateGroundTruth(SparkSession spark, ObjectMapper json) {
        this.spark = spark;
        this.json = json;
    }

    ObjectNode of(Sample s, Path checkpoint, List<Long> committedBatchIds) {
        ObjectNode truth = json.createObjectNode();
        truth.put("sample", s.name);
        truth.put("sparkVersion", spark.version());
        truth.put("reader", "spark.read().format(\"" + FORMAT + "\").options(<options>).load(<this sample folder>)"
                + ", then toJSON()");
        truth.put("rowsOrder", "sorted by their JSON text");
        truth.set("stateMetadata", read(checkpoint, METADATA_FORMAT, Map.of()));
        ArrayNode batches = truth.putArray("batches");
        for (long batchId : committedBatchIds) {
            ObjectNode batch = batches.addObject();
            batch.put("batchId", batchId);
            ArrayNode reads = batch.putArray("reads");
            for (StateRead r : s.stateReads.stream().filter(StateRead::perBatch).toList()) {
                Map<String, String> options = new LinkedHashMap<>();
                options.put("batchId", Long.toString(batchId));
                options.putAll(r.options());
                reads.addObject().put("what", r.what()).setAll(read(checkpoint, FORMAT, options));
            }
        }
        List<StateRead> once = s.stateReads.stream().filter(r -> !r.perBatch()).toList();
        if (!once.isEmpty()) {
            // the change feed covers a range of batches: read once after the last batch (no batchId option)
            ArrayNode feeds = truth.putArray("changeFeed");
            for (StateRead r : once) {
                feeds.addObject().put("what", r.what()).setAll(read(checkpoint, FORMAT, r.options()));
            }
        }
        return truth;
    }

    /** The options, then the schema and rows, or the error of the read. */
    private ObjectNode read(Path checkpoint, String format, Map<String, String> options) {
        ObjectNode node = json.createObjectNode();
        node.set("options", json.valueToTree(options));
        try {
            Dataset<Row> rows = spark.read().format(format).options(options).load(checkpoint.toString());
            node.put("schema", rows.schema().toDDL());
            node.set("rows", Generator.rowsNode(rows.toJSON().collectAsList()));
        } catch (Exception e) {
            node.put("error", Generator.rootMessage(e));
            // Spark's own error (its condition and message), the innermost one of the chain that has a condition: a
            // failed task's error is wrapped in the job's "Job aborted due to stage failure", which has none
            SparkThrowable spark = null;
            for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
                if (t instanceof SparkThrowable st && st.getCondition() != null) {
                    spark = st;
                }
            }
            if (spark != null) {
                node.put("errorCondition", spark.getCondition());
                node.put("errorMessage", ((Throwable) spark).getMessage());
            }
        }
        return node;
    }
}
