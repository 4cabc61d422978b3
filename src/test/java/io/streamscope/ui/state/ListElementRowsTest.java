package io.streamscope.ui.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamscope.checkpoint.Checkpoint;
import io.streamscope.checkpoint.CheckpointReader;
import io.streamscope.task.Cancellation;
import io.streamscope.task.ProgressListener;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A list state one row per element, without JavaFX: after each batch the elements equal Spark's State Data Source's
 * rows ({@code flattenCollectionTypes} true, in the sample's {@code state-ground-truth.json}), and batch 2's marks say
 * what its append and its put did to each element.
 */
class ListElementRowsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<StateRowView> listRows(Checkpoint checkpoint, long batch) {
        StateSnapshotLoader.Loaded loaded = StateSnapshotLoader.stream(checkpoint, StoreChoice.of(checkpoint).get(0), batch,
                Optional.empty(), model -> { }, io.streamscope.task.Work.NONE);
        loaded.model().select(StateSelection.select(loaded.store(), loaded.reader().decoding(batch),
                StateQuery.ALL.withColumnFamily("recentOrderIds").sortedBy(StateColumnId.INDEX, true),
                Cancellation.NEVER, ProgressListener.NONE));
        List<StateRowView> rows = new ArrayList<>();
        for (int i = 0; i < loaded.model().size(); i++) {
            rows.add(loaded.model().view(i));
        }
        return rows;
    }

    @ParameterizedTest
    @ValueSource(strings = {"shop-tws", "shop-tws-avro"})
    void elementsAreSparksFlattenedRowsAfterEveryBatch(String sample) throws Exception {
        Path folder = Path.of("sample-checkpoints", sample);
        Checkpoint checkpoint = CheckpointReader.read(folder);
        JsonNode truth = JSON.readTree(folder.resolve("state-ground-truth.json").toFile());
        int compared = 0;
        for (JsonNode batch : truth.get("batches")) {
            for (JsonNode read : batch.get("reads")) {
                JsonNode options = read.get("options");
                if (!"recentOrderIds".equals(options.path("stateVarName").asText())
                        || !"true".equals(options.path("flattenCollectionTypes").asText())) {
                    continue;
                }
                List<String> spark = new ArrayList<>();
                read.get("rows").forEach(row -> spark.add(row.get("partition_id").asInt() + " " + row.get("key")
                        + " " + row.get("list_element")));
                List<String> ours = new ArrayList<>();
                for (StateRowView row : listRows(checkpoint, batch.get("batchId").asLong())) {
                    if (row.change() != StateRowView.Change.DELETED) {
                        JsonNode json = JSON.readTree(row.json());
                        ours.add(json.get("partition").asInt() + " " + json.get("key") + " " + json.get("list_element"));
                    }
                }
                assertEquals(spark.stream().sorted().toList(), ours.stream().sorted().toList(), "batch " + batch.get("batchId"));
                compared++;
            }
        }
        assertEquals(3, compared, "Spark's list rows after batches 0, 1 and 2");
    }

    @ParameterizedTest
    @ValueSource(strings = {"shop-tws", "shop-tws-avro"})
    void batchTwosAppendAndPutMarkEachElement(String sample) throws Exception {
        Checkpoint checkpoint = CheckpointReader.read(Path.of("sample-checkpoints", sample));
        List<String> marks = listRows(checkpoint, 2).stream()
                .map(row -> row.key() + " #" + row.index() + " " + row.value() + " " + row.change().label())
                .sorted().toList();
        // customer 3 appended 150 to [113]; customer 1's put replaced [110, 112] with [112, 151]; customer 2 kept [111, 114]
        assertEquals(List.of(
                "{\"value\":1} #0 {\"value\":110} deleted",
                "{\"value\":1} #0 {\"value\":112} ",
                "{\"value\":1} #1 {\"value\":151} added",
                "{\"value\":2} #0 {\"value\":111} ",
                "{\"value\":2} #1 {\"value\":114} ",
                "{\"value\":3} #0 {\"value\":113} ",
                "{\"value\":3} #1 {\"value\":150} appended"), marks);
    }
}
