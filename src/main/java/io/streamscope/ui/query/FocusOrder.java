package io.streamscope.ui.query;

import javafx.scene.Node;
import javafx.scene.Parent;

import java.util.ArrayList;
import java.util.List;

/**
 * Moves the focus on from a node that keeps Tab for itself (the job editor): to the next (or previous) node of the
 * scene that takes the focus, in the scene graph's order, as Tab does elsewhere in the window.
 */
final class FocusOrder {

    private FocusOrder() {
    }

    static void move(Node from, boolean forward) {
        if (from.getScene() == null || from.getScene().getRoot() == null) {
            return;
        }
        List<Node> order = new ArrayList<>();
        collect(from.getScene().getRoot(), from, order);
        int at = order.indexOf(from);
        if (at < 0 || order.size() < 2) {
            return;
        }
        Node next = order.get(Math.floorMod(at + (forward ? 1 : -1), order.size()));
        next.requestFocus();
    }

    private static void collect(Node node, Node from, List<Node> into) {
        if (!node.isVisible() || node.isDisabled() || !node.isManaged() && node != from) {
            return;
        }
        if (node == from || node.isFocusTraversable()) {
            into.add(node);
            return; // a control's own parts are not stops
        }
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                collect(child, from, into);
            }
        }
    }
}
