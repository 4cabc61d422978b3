package io.streamscope.ui.export;

import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.stage.FileChooser;

import java.io.File;

/**
 * "Export as CSV…" on the context menu of every table in a window, present and future (tables inside tabs only
 * exist once their tab is drawn), given the first time a table's menu is asked for.
 */
public final class TableExportMenu {

    private TableExportMenu() {
    }

    public static void enable(Scene scene, Exporter exporter) {
        scene.addEventFilter(ContextMenuEvent.CONTEXT_MENU_REQUESTED,
                event -> installOn(event.getPickResult().getIntersectedNode(), exporter));
        // Some platforms ask for the menu on the press, some on the release, some only by the keyboard's menu key.
        scene.addEventFilter(MouseEvent.MOUSE_PRESSED, event -> {
            if (event.getButton() == MouseButton.SECONDARY) {
                installOn(event.getPickResult().getIntersectedNode(), exporter);
            }
        });
    }

    private static void installOn(Node target, Exporter exporter) {
        TableView<?> table = enclosingTable(target);
        if (table != null && table.getContextMenu() == null) {
            install(table, exporter);
        }
    }

    public static void install(TableView<?> table, Exporter exporter) {
        MenuItem export = new MenuItem("Export as CSV…");
        export.setMnemonicParsing(false);
        export.setOnAction(event -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Save the table as CSV");
            chooser.setInitialFileName((table.getId() == null ? "table" : table.getId()) + ".csv");
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("CSV table", "*.csv"));
            chooser.setInitialDirectory(new File(System.getProperty("user.home")));
            File file = chooser.showSaveDialog(table.getScene().getWindow());
            if (file != null) {
                exporter.writeCsv(TableCsv.of(table), file.toPath());
            }
        });
        table.setContextMenu(new ContextMenu(export));
    }

    private static TableView<?> enclosingTable(Node node) {
        for (Node current = node; current != null; current = current.getParent()) {
            if (current instanceof TableView<?> table) {
                return table;
            }
        }
        return null;
    }
}
