package io.streamscope.ui.settings;

import io.streamscope.replay.OutputMode;
import io.streamscope.topic.TopicFiles;
import io.streamscope.ui.replay.TopicChoice;
import javafx.geometry.Rectangle2D;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.prefs.Preferences;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the user gave per checkpoint and where the window stood, in their settings (never in a checkpoint). */
class SettingsTest {

    private static final Path UNION = Path.of("/data/checkpoints/shop-union-refunds");

    @Test
    void aCheckpointsJobSchemasModeAndTopicSurviveARestart() throws Exception {
        Preferences node = Preferences.userRoot().node("io/streamscope/test-" + UUID.randomUUID());
        try {
            String job = "x".repeat(3 * KeyValues.MAX_VALUE + 17); // longer than a preferences value may be
            TopicChoice topics = TopicChoice.snapshots(List.of(new TopicFiles.Entry("orders", Path.of("/t/o.jsonl")),
                    new TopicFiles.Entry("refunds", Path.of("/t/r.jsonl"))));
            Settings.of(node).saveCheckpoint(UNION, new CheckpointSettings(job, Map.of("refunds", "refund_id INT"),
                    Optional.of(OutputMode.COMPLETE), Optional.of(topics)));

            CheckpointSettings again = Settings.of(node).checkpoint(UNION).orElseThrow();
            assertEquals(job, again.text());
            assertEquals(Map.of("refunds", "refund_id INT"), again.schemas());
            assertEquals(Optional.of(OutputMode.COMPLETE), again.mode());
            assertEquals(Optional.of(topics), again.topic());
            assertEquals(Optional.empty(), Settings.of(node).checkpoint(Path.of("/data/checkpoints/other")));

            Settings.of(node).saveCheckpoint(UNION, new CheckpointSettings("", Map.of(), Optional.empty(),
                    Optional.of(TopicChoice.kafka("127.0.0.1:9092", null))));
            CheckpointSettings kafka = Settings.of(node).checkpoint(UNION).orElseThrow();
            assertEquals(Map.of(), kafka.schemas(), "saving replaces what was there");
            assertEquals("127.0.0.1:9092", kafka.topic().orElseThrow().bootstrapServers());
        } finally {
            node.removeNode();
        }
    }

    @Test
    void onlyTheCheckpointsUsedLastAreKept() {
        Settings settings = Settings.inMemory();
        for (int i = 0; i <= Settings.MAX_CHECKPOINTS; i++) {
            settings.saveCheckpoint(Path.of("/data/c" + i), new CheckpointSettings("job " + i, Map.of(),
                    Optional.empty(), Optional.empty()));
        }
        assertEquals("job " + Settings.MAX_CHECKPOINTS,
                settings.checkpoint(Path.of("/data/c" + Settings.MAX_CHECKPOINTS)).orElseThrow().text());
        long kept = java.util.stream.IntStream.rangeClosed(0, Settings.MAX_CHECKPOINTS)
                .filter(i -> settings.checkpoint(Path.of("/data/c" + i)).isPresent()).count();
        assertEquals(Settings.MAX_CHECKPOINTS, kept);
    }

    @Test
    void theWindowOpensAtFourFifthsOfTheScreenThenWhereItWasClampedToTheScreen() {
        Rectangle2D desktop = new Rectangle2D(0, 0, 1600, 900);
        WindowPlacement first = WindowPlacement.fitted(desktop);
        assertEquals(1280, first.width());
        assertEquals(720, first.height());
        assertEquals(160, first.x());
        assertEquals(90, first.y());
        assertFalse(first.maximized(), "four fifths of 1600×900 is the 1280×720 the window is laid out for");
        for (Rectangle2D small : List.of(new Rectangle2D(0, 0, 1280, 720), new Rectangle2D(0, 0, 1366, 768),
                new Rectangle2D(0, 27, 1024, 549))) {
            WindowPlacement projector = WindowPlacement.fitted(small);
            assertTrue(projector.maximized(), "a small screen opens the window maximized: " + small);
            assertTrue(projector.width() >= WindowPlacement.MIN_WIDTH && projector.width() <= small.getWidth()
                    && projector.x() >= small.getMinX(), "restored, it is four fifths of the screen: " + projector);
        }
        assertFalse(WindowPlacement.fitted(new Rectangle2D(0, 0, 1920, 1080)).maximized());

        WindowPlacement offScreen = new WindowPlacement(1500, -40, 2400, 700, false).clampedTo(desktop);
        assertEquals(new WindowPlacement(0, 0, 1600, 700, false), offScreen);
        WindowPlacement tiny = new WindowPlacement(10, 10, 100, 100, true).clampedTo(desktop);
        assertEquals(WindowPlacement.MIN_WIDTH, tiny.width());
        assertTrue(tiny.maximized());

        Settings settings = Settings.inMemory();
        assertEquals(Optional.empty(), settings.window());
        settings.saveWindow(first);
        assertEquals(Optional.of(first), settings.window());
    }
}
