package io.streamscope.ui;

import io.streamscope.ui.ProjectorLayoutTest.Size;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static io.streamscope.ui.UiTestSupport.SAMPLES;
import static io.streamscope.ui.UiTestSupport.onFx;
import static io.streamscope.ui.UiTestSupport.screenshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Normal mode (not presentation mode) on a 1280×720 projector: the first window is 1024×576 (80 % of the screen),
 * maximised it is 1280×720, less the window manager's title bar and panel. On the shop totals at batch 2 the input,
 * result and state tables each show three or more whole rows, the timeline shows, and the state table's cells are
 * not cut short, without a divider dragged. 1280×800 (the headless screen) and 1920×1080 are checked too.
 */
@ExtendWith(ApplicationExtension.class)
class NormalModeLayoutTest {

    static final int ROWS = 3;

    @Start
    void start(Stage stage) {
        // each check opens its own window at the projector's size
    }

    @Test
    void tablesShowWholeRowsAtProjectorSizes(FxRobot robot) throws Exception {
        List<String> report = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        // the first window less the window manager's title bar; maximised, less the title bar and a panel
        for (Size size : List.of(new Size(1024, 576, "1024x576"), new Size(1024, 548, "1024x576-less-title-bar"),
                new Size(1280, 720, "1280x720"), new Size(1280, 672, "1280x720-less-bars"),
                new Size(1280, 800, "1280x800"), new Size(1920, 1080, "1920x1080"))) {
            check(robot, size, report, failures);
        }
        System.out.println("[normal-layout] " + String.join("\n[normal-layout] ", report));
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void stateColumnsFitTheirTimestampsAndChanges(FxRobot robot) throws Exception {
        List<String> cut = new ArrayList<>();
        for (String sample : List.of("shop-windowed", "shop-sessions", "shop-totals-update")) {
            AtomicReference<MainWindow> made = new AtomicReference<>();
            AtomicReference<Stage> stage = new AtomicReference<>();
            robot.interact(() -> {
                MainWindow window = ProjectorLayoutTest.window(1280, 720, made, stage);
                window.model().timeline().requestBatch(2);
                window.model().open(SAMPLES.resolve(sample));
            });
            try {
                UiTestSupport.awaitReplay(made.get());
                ProjectorLayoutTest.pulse(robot, made.get().scene());
                TableView<?> state = robot.from(made.get().scene().getRoot()).lookup("#stateTable").queryAs(TableView.class);
                assertTrue(onFx(() -> state.getItems().size()) > 0, sample + " has state after batch 2");
                onFx(() -> ProjectorLayoutTest.truncated(state)).forEach(cell -> cut.add(sample + ": " + cell));
                screenshot(robot, made.get().scene(), "normal-state-columns-" + sample + ".png");
            } finally {
                robot.interact(() -> stage.get().close());
            }
        }
        assertTrue(cut.isEmpty(), "state cells cut short: " + cut);
    }

    @Test
    void theHeaderShowsTheCheckpointInWordsOrNotAtAll(FxRobot robot) throws Exception {
        List<String> seen = new ArrayList<>();
        for (Size size : List.of(new Size(1024, 576, "1024x576"), new Size(1280, 720, "1280x720"),
                new Size(1920, 1080, "1920x1080"))) {
            AtomicReference<MainWindow> made = new AtomicReference<>();
            AtomicReference<Stage> stage = new AtomicReference<>();
            robot.interact(() -> ProjectorLayoutTest.window(size.width(), size.height(), made, stage).model()
                    .open(SAMPLES.resolve("shop-totals-update")));
            try {
                UiTestSupport.awaitReplay(made.get());
                ProjectorLayoutTest.pulse(robot, made.get().scene());
                Node root = made.get().scene().getRoot();
                Node heading = robot.from(root).lookup("#checkpointHeading").query();
                Label title = robot.from(root).lookup("#checkpointTitleLabel").queryAs(Label.class);
                String shown = onFx(() -> heading.isVisible() && title.lookup(".text") instanceof javafx.scene.text.Text text
                        ? text.getText() : "");
                seen.add(size.name() + ": \"" + shown + "\"");
                boolean managed = onFx(heading::isManaged);
                assertEquals(managed, !shown.isEmpty(), size.name() + ": a heading laid out is a heading shown");
                if (managed) {
                    assertTrue(shown.replace("...", "").replace("…", "").length() >= 8, size.name() + ": words, not a letter or two: " + shown);
                }
                Node inspector = robot.from(root).lookup("#inspectorToggle").query();
                assertTrue(onFx(() -> inspector.localToScene(inspector.getLayoutBounds()).getMaxX()
                        <= made.get().scene().getWidth() + 0.5), size.name() + ": the header's last button is inside the window");
            } finally {
                robot.interact(() -> stage.get().close());
            }
        }
        System.out.println("[normal-layout] heading " + seen);
        assertTrue(seen.get(0).endsWith("\"\""), "at 1024 px the buttons leave no room for words: " + seen);
        assertFalse(seen.get(2).endsWith("\"\""), "at 1920 px the heading shows: " + seen);
    }

    /**
     * A user's own checkpoint comes without its job (no {@code job.py}, no sidecar): the empty editor's hint wraps
     * within the editor, and the actions beside it keep their words. The hint on one line once made the editor as wide
     * as the line, cut the buttons to "…" and centred the hint with its start cut off.
     */
    @Test
    void withoutItsJobTheEditorsHintWrapsAndItsActionsKeepTheirWords(FxRobot robot, @TempDir Path dir) throws Exception {
        Path checkpoint = dir.resolve("totals");
        io.streamscope.TempTree.copy(SAMPLES.resolve("shop-totals-update"), checkpoint);
        for (String beside : List.of("job.py", "streamscope.json", "spark-run.json", "progress.jsonl")) {
            Files.deleteIfExists(checkpoint.resolve(beside));
        }
        List<String> failures = new ArrayList<>();
        atSizes(robot, checkpoint, "normal-without-job-", List.of(new Size(1024, 576, "1024x576"),
                new Size(1280, 720, "1280x720"), new Size(1920, 1080, "1920x1080")), (size, root) -> {
            CodeArea editor = robot.from(root).lookup("#queryEditor").queryAs(CodeArea.class);
            assertEquals("", onFx(editor::getText), size.name() + ": no job, an empty editor");
            Node row = robot.from(root).lookup("#jobEditorRow").query();
            if (!onFx(row::isVisible)) {
                return; // folded to one line on a short window: no editor, no actions to cut
            }
            Node hint = onFx(editor::getPlaceholder);
            Bounds hintBounds = onFx(hint::getBoundsInParent);
            double editorWidth = onFx(editor::getWidth);
            if (!onFx(hint::isVisible) || hintBounds.getMinX() < -0.5 || hintBounds.getMaxX() > editorWidth + 0.5) {
                failures.add(size.name() + ": the hint " + hintBounds + " is not within the editor, " + editorWidth + " px wide");
            }
            failures.addAll(onFx(() -> cutActions(robot, root.getScene(), size)));
            for (String id : EDITOR_ACTIONS) {
                Region action = robot.from(root).lookup(id).queryAs(Region.class);
                double width = onFx(action::getWidth);
                double needed = onFx(() -> action.prefWidth(-1));
                if (width < needed - 0.5) {
                    failures.add(size.name() + ": " + id + " is " + Math.round(width) + " px of the " + Math.round(needed)
                            + " its words take");
                }
            }
        });
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    /**
     * A topic of 16 partitions and batch ids in the thousands (the transport bar then takes two rows): the timeline
     * squeezes its lanes, and the job editor keeps at least its bar, its one way in, with the tables whole below it.
     * Both had once been left no room at 1280×720: the editor not even its bar.
     */
    @Test
    void manyPartitionsLeaveTheJobEditorItsBarAndTheTablesTheirRoom(FxRobot robot, @TempDir Path dir) throws Exception {
        Path checkpoint = SyntheticCheckpoint.write(dir.resolve("wide"), 10_000, 16, 5);
        List<String> failures = new ArrayList<>();
        atSizes(robot, checkpoint, "normal-16-partitions-", List.of(new Size(1280, 720, "1280x720"),
                new Size(1280, 672, "1280x720-less-bars"), new Size(1920, 1080, "1920x1080")), (size, root) -> {
            Scene scene = root.getScene();
            Region row = robot.from(root).lookup("#jobEditorRow").queryAs(Region.class);
            Region bar = robot.from(root).lookup("#jobFoldBar").queryAs(Region.class);
            Region editor = onFx(row::isVisible) ? row : bar;
            double editorShown = onFx(() -> visibleHeight(editor, scene));
            double editorNeeds = onFx(() -> editor == bar ? bar.prefHeight(-1) : OPEN_EDITOR_PX);
            if (editorShown < editorNeeds - 0.5) {
                failures.add(size.name() + ": the job editor" + (editor == bar ? "'s bar" : "") + " shows "
                        + Math.round(editorShown) + " px of " + Math.round(editorNeeds));
            }
            failures.addAll(onFx(() -> cutActions(robot, scene, size)));
            for (String id : List.of("#inputTable", "#tablesSplit")) { // the result table gives way to the replay's error: no topic
                Region table = robot.from(root).lookup(id).queryAs(Region.class);
                double shown = onFx(() -> visibleHeight(table, scene));
                double least = onFx(() -> table.minHeight(-1));
                if (shown < least - 0.5) {
                    failures.add(size.name() + ": " + id + " shows " + Math.round(shown) + " px of its " + Math.round(least));
                }
            }
            Node timeline = robot.from(root).lookup("#batchTimeline").query();
            if (onFx(() -> visibleHeight(timeline, scene)) < 60) {
                failures.add(size.name() + ": the timeline hardly shows");
            }
        });
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    /**
     * A join reads two topics: the editor shows a row for each source under the job. Open, it takes the room both rows
     * and its actions need before the tables get more (a third of 1280×720 is not enough); or it folds to its bar.
     */
    /** Every inspector tab's text at 1280×720: the partition chart's caption ran past the panel as "…show only that pa...". */
    @Test
    void theInspectorsTextIsWholeOnAProjector(FxRobot robot) throws Exception {
        for (String sample : List.of("shop-windowed", "shop-join-inner")) {
            List<String> cut = ProjectorLayoutTest.onCheckpoint(robot, new Size(1280, 720, "1280x720"),
                    SAMPLES.resolve(sample), window -> {
                        robot.interact(() -> window.model().timeline().select(1));
                        UiTestSupport.awaitIdle(window);
                        javafx.scene.control.TabPane inspector = robot.from(window.scene().getRoot())
                                .lookup("#inspectorTabs").queryAs(javafx.scene.control.TabPane.class);
                        List<String> found = new ArrayList<>();
                        for (int tab = 0; tab < onFx(() -> inspector.getTabs().size()); tab++) {
                            int chosen = tab;
                            robot.interact(() -> inspector.getSelectionModel().select(chosen));
                            UiTestSupport.awaitIdle(window);
                            ProjectorLayoutTest.pulse(robot, window.scene());
                            found.addAll(onFx(() -> PresentationTextTest.cutLabels(inspector).stream()
                                    .map(label -> inspector.getTabs().get(chosen).getText() + ": " + label).toList()));
                        }
                        return found;
                    });
            assertEquals(List.of(), cut, sample);
        }
    }

    @Test
    void aJoinsTwoSourcesShowWholeUnderItsJob(FxRobot robot) throws Exception {
        List<String> failures = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        atSizes(robot, SAMPLES.resolve("shop-join-inner"), "normal-join-", List.of(new Size(1280, 720, "1280x720"),
                new Size(1280, 800, "1280x800"), new Size(1920, 1080, "1920x1080")), (size, root) -> {
            Scene scene = root.getScene();
            Region sources = robot.from(root).lookup("#sourcesBox").queryAs(Region.class);
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> onFx(() -> sources.getChildrenUnmodifiable().size()) == 2);
            ProjectorLayoutTest.pulse(robot, scene);
            failures.addAll(onFx(() -> cutActions(robot, scene, size)));
            boolean open = onFx(() -> showing(robot.from(root).lookup("#jobEditorRow").query()));
            seen.add(size.name() + (open ? " open" : " folded"));
            for (String id : open ? List.of("#sourceRow0", "#sourceRow1") : List.<String>of()) {
                Region row = robot.from(root).lookup(id).queryAs(Region.class);
                double shown = onFx(() -> visibleHeight(row, scene));
                double needed = onFx(() -> row.prefHeight(-1));
                if (shown < needed - 0.5) {
                    failures.add(size.name() + ": " + id + " shows " + Math.round(shown) + " px of " + Math.round(needed));
                }
            }
        });
        System.out.println("[normal-layout] join's editor " + seen);
        assertTrue(seen.get(2).endsWith("open"), "at 1920×1080 the join's editor is open: " + seen);
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    /** What is looked at in a window of one size, its checkpoint read ({@code root}: the scene's root). */
    private interface SizeCheck {
        void check(Size size, Node root) throws Exception;
    }

    /** Opens {@code checkpoint} in a window of each size, checks it, keeps a screenshot and closes it. */
    private static void atSizes(FxRobot robot, Path checkpoint, String screenshots, List<Size> sizes, SizeCheck check)
            throws Exception {
        for (Size size : sizes) {
            AtomicReference<MainWindow> made = new AtomicReference<>();
            AtomicReference<Stage> stage = new AtomicReference<>();
            robot.interact(() -> ProjectorLayoutTest.window(size.width(), size.height(), made, stage).model().open(checkpoint));
            try {
                UiTestSupport.awaitLoaded(made.get());
                Scene scene = made.get().scene();
                ProjectorLayoutTest.pulse(robot, scene);
                check.check(size, scene.getRoot());
                screenshot(robot, scene, screenshots + size.name() + ".png");
            } finally {
                robot.interact(() -> stage.get().close());
            }
        }
    }

    /** The least an unfolded editor takes: three lines of a job and a source's row (ui.WorkAreaLayout). */
    private static final double OPEN_EDITOR_PX = 60;

    private static final List<String> EDITOR_ACTIONS = List.of("#applyQueryButton", "#openJobButton", "#topicSourceMenu");

    /**
     * The open job editor's actions cut at their foot (FX thread): at 1280×720 the editor's third of the work area had
     * once been a few pixels short of its three buttons, and Topic source showed without its lower edge.
     */
    private static List<String> cutActions(FxRobot robot, Scene scene, Size size) {
        List<String> cut = new ArrayList<>();
        if (!showing(robot.from(scene.getRoot()).lookup("#jobEditorRow").query())) {
            return cut; // folded to its bar
        }
        for (String id : EDITOR_ACTIONS) {
            Region action = robot.from(scene.getRoot()).lookup(id).queryAs(Region.class);
            double shown = visibleHeight(action, scene);
            double needed = action.prefHeight(-1);
            if (shown < needed - 0.5) {
                cut.add(size.name() + ": " + id + " shows " + Math.round(shown) + " px of its " + Math.round(needed));
            }
        }
        return cut;
    }

    /** How much of a node's height shows: within the scene and every ancestor (a split clips its items). */
    private static double visibleHeight(Node node, Scene scene) {
        if (!showing(node)) {
            return 0;
        }
        Bounds b = node.localToScene(node.getLayoutBounds());
        double top = Math.max(b.getMinY(), 0);
        double bottom = Math.min(b.getMaxY(), scene.getHeight());
        for (Node at = node.getParent(); at != null; at = at.getParent()) {
            Bounds shown = at.localToScene(at.getLayoutBounds());
            top = Math.max(top, shown.getMinY());
            bottom = Math.min(bottom, shown.getMaxY());
        }
        return Math.max(0, bottom - top);
    }

    private void check(FxRobot robot, Size size, List<String> report, List<String> failures) throws Exception {
        AtomicReference<MainWindow> made = new AtomicReference<>();
        AtomicReference<Stage> stage = new AtomicReference<>();
        robot.interact(() -> {
            MainWindow window = ProjectorLayoutTest.window(size.width(), size.height(), made, stage);
            window.model().timeline().requestBatch(2);
            window.model().open(SAMPLES.resolve("shop-totals-update"));
        });
        MainWindow window = made.get();
        try {
            UiTestSupport.awaitReplay(window);
            UiTestSupport.awaitIdle(window);
            Scene scene = window.scene();
            ProjectorLayoutTest.pulse(robot, scene);
            List<String> line = new ArrayList<>();
            for (String id : List.of("#inputTable", "#resultTable", "#stateTable")) {
                TableView<?> table = robot.from(scene.getRoot()).lookup(id).queryAs(TableView.class);
                int whole = onFx(() -> wholeRows(table, scene));
                int items = onFx(() -> table.getItems().size());
                line.add(id + " " + whole + " whole rows (" + items + " items)");
                if (whole < ROWS || items == 0) {
                    failures.add(size.name() + ": " + id + " shows " + whole + " whole rows (" + items + " items)");
                }
            }
            Node timeline = robot.from(scene.getRoot()).lookup("#batchTimeline").query();
            double timelineHeight = onFx(() -> shownHeight(timeline, scene));
            line.add("timeline " + Math.round(timelineHeight) + " px");
            Node editor = robot.from(scene.getRoot()).lookup("#queryBar").query();
            line.add("job editor " + Math.round(onFx(() -> shownHeight(editor, scene))) + " px");
            failures.addAll(onFx(() -> cutActions(robot, scene, size)));
            if (timelineHeight < 60) {
                failures.add(size.name() + ": the timeline shows " + Math.round(timelineHeight) + " px");
            }
            TableView<?> state = robot.from(scene.getRoot()).lookup("#stateTable").queryAs(TableView.class);
            List<String> cut = onFx(() -> ProjectorLayoutTest.truncated(state));
            if (!cut.isEmpty()) {
                failures.add(size.name() + ": state cells cut short " + cut);
            }
            screenshot(robot, scene, "normal-" + size.name() + ".png");
            report.add(size.name() + ": " + String.join(", ", line));
        } finally {
            robot.interact(() -> stage.get().close());
        }
    }

    /**
     * Row cells (filled or the empty ones below the last item) lying wholly inside its viewport (the virtual flow's clipped area, under the header and above
     * a horizontal scroll bar), itself inside the scene, its ancestors and shown; none if its header is cut off.
     */
    static int wholeRows(TableView<?> table, Scene scene) {
        if (!showing(table)) {
            return 0;
        }
        Node viewport = table.lookup(".clipped-container");
        Node header = table.lookup(".column-header-background");
        if (viewport == null || header == null) {
            return 0;
        }
        Bounds area = viewport.localToScene(viewport.getLayoutBounds());
        double top = Math.max(area.getMinY(), 0);
        double bottom = Math.min(area.getMaxY(), scene.getHeight());
        // an ancestor smaller than the table clips it (a tab's content, a split's item): only what it shows counts,
        // and the column header must show too
        Bounds headerArea = header.localToScene(header.getLayoutBounds());
        double clipTop = 0;
        for (Node at = table.getParent(); at != null; at = at.getParent()) {
            Bounds shown = at.localToScene(at.getLayoutBounds());
            clipTop = Math.max(clipTop, shown.getMinY());
            bottom = Math.min(bottom, shown.getMaxY());
        }
        if (headerArea.getMinY() < clipTop - 0.5) {
            return 0;
        }
        top = Math.max(top, clipTop);
        int count = 0;
        for (Node node : table.lookupAll(".table-row-cell")) {
            if (node instanceof TableRow<?> row && row.isVisible()) {
                Bounds b = row.localToScene(row.getLayoutBounds());
                if (b.getHeight() > 0 && b.getMinY() >= top - 0.5 && b.getMaxY() <= bottom + 0.5) {
                    count++;
                }
            }
        }
        return count;
    }

    /** The node's height on screen: zero if it or a parent is hidden, cut to the scene. */
    static double shownHeight(Node node, Scene scene) {
        if (!showing(node)) {
            return 0;
        }
        Bounds b = node.localToScene(node.getLayoutBounds());
        return Math.max(0, Math.min(b.getMaxY(), scene.getHeight()) - Math.max(b.getMinY(), 0));
    }

    private static boolean showing(Node node) {
        return UiTestSupport.shown(node) && node.getScene() != null;
    }
}
