package io.streamscope.topic;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TopicFilesTest {

    @Test
    void aValueNamesItsTopicBeforeTheEqualsSign() {
        TopicFiles.Entry named = TopicFiles.Entry.parse("orders=topics/a.jsonl");
        assertEquals("orders", named.topic());
        assertEquals(Path.of("topics/a.jsonl"), named.file());

        TopicFiles.Entry bare = TopicFiles.Entry.parse("topics/a.jsonl");
        assertNull(bare.topic());
        assertEquals(Path.of("topics/a.jsonl"), bare.file());
        assertNull(TopicFiles.Entry.parse("=a.jsonl").topic(), "an empty name is no name");
    }

    @Test
    void everyTopicGetsItsFile() {
        Map<String, Path> files = TopicFiles.byTopic(List.of(TopicFiles.Entry.parse("refunds=b.jsonl"),
                TopicFiles.Entry.parse("orders=a.jsonl")), List.of("orders", "refunds"));
        assertEquals(Map.of("orders", Path.of("a.jsonl"), "refunds", Path.of("b.jsonl")), files);
        assertEquals(List.of("refunds", "orders"), List.copyOf(files.keySet()), "in the order given");
    }

    @Test
    void aBareFileIsTheOnlyTopicsWhateverItIsCalled() {
        assertEquals(Map.of("orders", Path.of("snapshot.jsonl")),
                TopicFiles.byTopic(List.of(TopicFiles.Entry.parse("snapshot.jsonl")), List.of("orders")));
    }

    @Test
    void aBareFileCannotStandForOneOfSeveralTopics() {
        IllegalArgumentException several = assertThrows(IllegalArgumentException.class, () -> TopicFiles.byTopic(
                List.of(TopicFiles.Entry.parse("a.jsonl")), List.of("orders", "refunds")));
        assertEquals("the checkpoint reads [orders, refunds]: give one --topic-file TOPIC=FILE per topic",
                several.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TopicFiles.byTopic(List.of(TopicFiles.Entry.parse("a.jsonl"),
                TopicFiles.Entry.parse("refunds=b.jsonl")), List.of("orders")), "nor be one of several files");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TopicFiles.byTopic(
                List.of(TopicFiles.Entry.parse("a.jsonl")), List.of())).getMessage().contains("[]"));
    }
}
