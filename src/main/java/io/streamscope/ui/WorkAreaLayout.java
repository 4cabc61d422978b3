package io.streamscope.ui;

import io.streamscope.ui.display.DisplayViewModel;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;

import java.util.function.DoubleSupplier;

/**
 * Shares the work area's height between the job editor (above) and the replay's tables (below), from the height the
 * window has rather than a fixed fraction: the editor gets its share (a third, or what the user dragged it to) as long
 * as the tables keep their minimum (three whole rows, streamscope.css), and never less than the editor's own least
 * (its actions whole: a third of 1280×720 had cut Topic source's foot); on a shorter window it gets what is left, and
 * where that is too little for an editor it folds to its one-line bar (unless the user chose otherwise, see
 * {@link io.streamscope.ui.display.JobEditorFold}). Refitted whenever the height, the zoom, the choice or the editor's
 * least changes.
 */
final class WorkAreaLayout {

    /** The editor's share of the work area when there is room: the divider's old fixed position. */
    static final double EDITOR_SHARE = 0.3;
    /** Less room than this (in em: three lines of a job and a source's row) is no editor: it folds. */
    static final double OPEN_EDITOR_EM = 7;

    private final SplitPane split;
    private final Region editor;
    private final DoubleSupplier editorLeast;
    private final Region tables;
    private final DisplayViewModel display;
    private double share = EDITOR_SHARE;

    /** {@code editorLeast}: the open editor's least height with nothing of it cut, in pixels as styled now. */
    WorkAreaLayout(SplitPane split, Region editor, DoubleSupplier editorLeast, Region tables, DisplayViewModel display) {
        this.split = split;
        this.editor = editor;
        this.editorLeast = editorLeast;
        this.tables = tables;
        this.display = display;
    }

    void install() {
        split.heightProperty().addListener((property, old, height) -> fit());
        split.widthProperty().addListener((property, old, width) -> fit());
        display.jobEditorFoldProperty().addListener((property, old, fold) -> fit());
        // the tables' minimum is in em: once the new size is styled
        display.fontSizeProperty().addListener((property, old, size) -> Platform.runLater(() -> {
            split.applyCss();
            fit();
        }));
        // a divider the user dragged: their share from now on
        split.addEventFilter(MouseEvent.MOUSE_RELEASED, event -> {
            if (onDivider(event.getTarget()) && hasEditor() && !display.jobEditorFoldedProperty().get()) {
                share = split.getDividerPositions()[0];
            }
        });
        fit();
    }

    /** Puts the divider where the height calls for it (nothing while the editor is away, in presentation mode). */
    void fit() {
        double height = split.getHeight();
        if (!hasEditor() || height <= 0) {
            return;
        }
        double width = split.getWidth();
        double divider = dividerHeight();
        double em = display.fontSizeProperty().get();
        double room = height - divider - tables.minHeight(width);
        double least = Math.max(OPEN_EDITOR_EM * em, editorLeast.getAsDouble());
        boolean folded = display.jobEditorFoldProperty().get().folds(room < least);
        display.jobEditorFoldedProperty().set(folded);
        // unfolded, the editor keeps its least (where there is no room, by the user's choice, over the tables'
        // minimum); folded, its bar does, the one way left to the editor
        editor.setMinHeight(folded ? editor.prefHeight(width) : least);
        if (!folded && Math.max(share * height - divider, least) <= room) {
            // room enough: the share, as the divider always stood, or the editor's least where the share is less
            split.setDividerPosition(0, Math.max(share, (least + divider / 2) / height));
            return;
        }
        double wanted = folded ? editor.prefHeight(width) : Math.max(room, least);
        split.setDividerPosition(0, Math.max(0, Math.min(1, (wanted + divider / 2) / height)));
    }

    /** The split's own divider (a lookup would find the tables' split's first: it comes before in the tree). */
    private double dividerHeight() {
        for (Node child : split.getChildrenUnmodifiable()) {
            if (child.getStyleClass().contains("split-pane-divider") && child instanceof Region bar) {
                return bar.getHeight();
            }
        }
        return 0;
    }

    private boolean hasEditor() {
        return split.getItems().size() > 1 && split.getItems().get(0) == editor;
    }

    private static boolean onDivider(Object target) {
        for (Node node = target instanceof Node n ? n : null; node != null; node = node.getParent()) {
            if (node.getStyleClass().contains("split-pane-divider")) {
                return true;
            }
        }
        return false;
    }
}
