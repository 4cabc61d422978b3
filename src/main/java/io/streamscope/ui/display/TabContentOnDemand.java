package io.streamscope.ui.display;

import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TitledPane;

import java.util.List;
import java.util.Objects;

/**
 * Puts the content of a tab pane's unselected tabs into the scene the first time each tab is selected. A TabPane keeps
 * every tab's content in the scene graph, hidden, so the window's first CSS pass and layout would build the skins of
 * the inspector's six hidden tabs and the output's two as well: about 500 of the 1,150 nodes of the first frame. The
 * views are built and bound as before (their controllers fill them while they wait), so a tab shows its current
 * content the moment it is chosen, by the user or by the window. Deterministic: a tab's nodes are in the scene once
 * the tab has been selected, and not before; {@link #lookupById} finds them before that too.
 */
public final class TabContentOnDemand {

    private static final String HELD = TabContentOnDemand.class.getName();

    private TabContentOnDemand() {
    }

    public static void install(TabPane pane) {
        for (Tab tab : pane.getTabs()) {
            if (!tab.isSelected() && tab.getContent() != null) {
                holdUntilSelected(tab);
            }
        }
    }

    /**
     * The node with this fx:id under {@code root}, in the scene or in the held content of one of its tabs; that tab is
     * then selected, which puts the node in the scene.
     */
    public static Node lookupById(Parent root, String id) {
        Node node = root.lookup("#" + id);
        if (node != null) {
            return node;
        }
        for (Node pane : root.lookupAll(".tab-pane")) {
            if (pane instanceof TabPane tabs) {
                for (Tab tab : tabs.getTabs()) {
                    Node found = tab.getProperties().get(HELD) instanceof Node held ? byId(held, id) : null;
                    if (found != null) {
                        tabs.getSelectionModel().select(tab);
                        return found;
                    }
                }
            }
        }
        return null;
    }

    /** Like {@code lookup}, but also into controls that have no skin yet (their content is not among their children). */
    private static Node byId(Node node, String id) {
        if (id.equals(node.getId())) {
            return node;
        }
        List<Node> inner;
        if (node instanceof ScrollPane scroll) {
            inner = scroll.getContent() == null ? List.of() : List.of(scroll.getContent());
        } else if (node instanceof SplitPane split) {
            inner = split.getItems();
        } else if (node instanceof TitledPane titled) {
            inner = titled.getContent() == null ? List.of() : List.of(titled.getContent());
        } else if (node instanceof TabPane tabs) {
            inner = tabs.getTabs().stream().map(Tab::getContent).filter(Objects::nonNull).toList();
        } else if (node instanceof Parent parent) {
            inner = parent.getChildrenUnmodifiable();
        } else {
            inner = List.of();
        }
        for (Node child : inner) {
            Node found = byId(child, id);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static void holdUntilSelected(Tab tab) {
        Node content = tab.getContent();
        tab.setContent(null);
        tab.getProperties().put(HELD, content);
        FirstTimeTrue.run(tab.selectedProperty(), () -> {
            tab.getProperties().remove(HELD);
            if (tab.getContent() == null) { // unless the window has given the tab other content since
                tab.setContent(content);
            }
        });
    }
}
