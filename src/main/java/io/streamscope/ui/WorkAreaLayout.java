package io.streamscope.ui;

import io.streamscope.ui.display.DisplayViewModel;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;

/**
 * Shares the work area's height between the job editor (above) and the replay's tables (below), from the height the
 * window has rather than a fixed fraction: the editor gets its share (a third, or what the user dragged it to) as long
 * as the tables keep their minimum (three whole rows, streamscope.css); on a shorter window it gets what is left, and
 * where that is too little for an editor it folds to its one-line bar (unless the user chose otherwise, see
 * {@link io.streamscope.ui.display.JobEditorFold}). Refitted whenever the height, the zoom or the choice changes.
 */
final class WorkAreaLayout {

    /** The editor's share of the work area when there is room: the divider's old fixed position. */
    static final double EDITOR_SHARE = 0.3;
    /** Less room than this (in em: three lines of a job and a source's row) is no editor: it folds. */
    static final double OPEN_EDITOR_EM = 7;

    private final SplitPane split;
    private final Region editor;
    private final Region tables;
    private final DisplayViewModel display;
    private double share = EDITOR_SHARE;

    WorkAreaLayout(SplitPane split, Region editor, Region tables, DisplayViewModel display) {
        this.split = split;
        this.editor = editor;
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
        boolean folded = display.jobEditorFoldProperty().get().folds(room < OPEN_EDITOR_EM * em);
        display.jobEditorFoldedProperty().set(folded);
        // unfolded by the user where there is no room: the editor's lines win over the tables' minimum; folded, its
        // bar does, the one way left to the editor
        editor.setMinHeight(folded ? editor.prefHeight(width) : room < OPEN_EDITOR_EM * em ? OPEN_EDITOR_EM * em : 0);
        if (!folded && share * height - divider <= room) {
            split.setDividerPosition(0, share); // room enough: the share, as the divider always stood
            return;
        }
        double wanted = folded ? editor.prefHeight(width) : Math.max(room, OPEN_EDITOR_EM * em);
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
