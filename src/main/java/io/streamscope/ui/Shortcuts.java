package io.streamscope.ui;

import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The window's keys, caught before the focused control sees them so that they work wherever the focus is (a
 * teacher who clicked a button still steps with the arrows), except where the focused control needs the key
 * itself: typing in a text field, arrows in a list, Space in a drop-down. Enter presses the focused button.
 */
public final class Shortcuts {

    private record Binding(KeyCombination keys, Predicate<Node> allowedAt, Runnable action) {
    }

    private final List<Binding> bindings = new ArrayList<>();

    /** A key that works everywhere. */
    public Shortcuts always(KeyCombination keys, Runnable action) {
        bindings.add(new Binding(keys, focus -> true, action));
        return this;
    }

    /** Space: not while typing or in a drop-down, where Space means something. */
    public Shortcuts space(Runnable action) {
        bindings.add(new Binding(new KeyCodeCombination(KeyCode.SPACE),
                focus -> !(focus instanceof TextInputControl || focus instanceof ComboBoxBase
                        || focus instanceof ChoiceBox || focus instanceof Spinner), action));
        return this;
    }

    /** Left and Right: not while typing, on a slider or in the tab headers. */
    public Shortcuts horizontal(KeyCode code, Runnable action) {
        bindings.add(new Binding(new KeyCodeCombination(code),
                focus -> !(focus instanceof TextInputControl || focus instanceof Slider || focus instanceof Spinner
                        || focus instanceof TabPane), action));
        return this;
    }

    /** Home and End: not while typing, nor in a table or list, which use them to reach their first and last row. */
    public Shortcuts ends(KeyCode code, Runnable action) {
        bindings.add(new Binding(new KeyCodeCombination(code),
                focus -> !(focus instanceof TextInputControl || focus instanceof TableView || focus instanceof ListView
                        || focus instanceof TreeView || focus instanceof Slider), action));
        return this;
    }

    public void install(Scene scene) {
        scene.addEventFilter(KeyEvent.KEY_PRESSED, event -> handle(scene, event));
    }

    private void handle(Scene scene, KeyEvent event) {
        Node focus = scene.getFocusOwner();
        for (Binding binding : bindings) {
            if (binding.keys().match(event) && binding.allowedAt().test(focus)) {
                binding.action().run();
                event.consume();
                return;
            }
        }
        if (event.getCode() == KeyCode.ENTER && !event.isShortcutDown() && !event.isAltDown()
                && focus instanceof ButtonBase button && !button.isDisabled()) {
            if (button instanceof MenuButton menu) {
                menu.show();
            } else {
                button.fire();
            }
            event.consume();
        }
    }
}
