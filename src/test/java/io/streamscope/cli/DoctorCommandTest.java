package io.streamscope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code doctor} and {@code handover} print design.md's JSON and exit 0 whatever they find. */
class DoctorCommandTest {

    private static final Path SAMPLES = Path.of("sample-checkpoints");

    @Test
    void doctorListsFindingsWithTheirFix() throws Exception {
        JsonNode answer = CliRun.ok("doctor", SAMPLES.resolve("shop-copy-crash").toString());
        JsonNode finding = answer.get("findings").get(0);
        assertEquals("uncommitted-batch", finding.get("id").asText());
        assertEquals("info", finding.get("severity").asText());
        assertEquals(2, finding.get("batchId").asInt());
        assertEquals("offsets/2", finding.get("path").asText());
        assertEquals(0, answer.get("problems").size());
        assertEquals(0, CliRun.ok("doctor", SAMPLES.resolve("shop-totals-update").toString()).get("findings").size());
    }

    @Test
    void doctorWithTheTopicChecksItStillHoldsWhatTheCheckpointNeeds() throws Exception {
        JsonNode answer = CliRun.ok("doctor", SAMPLES.resolve("shop-copy-crash").toString(), "--topic-file",
                SAMPLES.resolve("topics/orders.jsonl").toString());
        assertEquals(1, answer.get("findings").size(), "the snapshot holds every offset: nothing expired");
    }

    @Test
    void handoverGivesTheStartingOffsetsAsSparksJsonText() throws Exception {
        JsonNode answer = CliRun.ok("handover", SAMPLES.resolve("shop-copy-crash").toString(), "--language", "scala");
        JsonNode source = answer.get("sources").get(0);
        assertEquals(0, source.get("index").asInt());
        assertEquals("kafka", source.get("kind").asText());
        assertEquals("{\"orders\":{\"0\":5}}", source.get("options").get("startingOffsets").asText());
        assertEquals("// source 0 (kafka)\n    .option(\"startingOffsets\", \"\"\"{\"orders\":{\"0\":5}}\"\"\")\n",
                answer.get("snippet").asText());
    }
}
