package io.streamscope.ui.display;

import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;

/** Runs an action once: now if a flag is true, else the first time it turns true (then it stops listening). */
public final class FirstTimeTrue {

    private FirstTimeTrue() {
    }

    public static void run(ObservableValue<Boolean> flag, Runnable action) {
        if (Boolean.TRUE.equals(flag.getValue())) {
            action.run();
            return;
        }
        flag.addListener(new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends Boolean> property, Boolean was, Boolean now) {
                if (Boolean.TRUE.equals(now)) {
                    property.removeListener(this);
                    action.run();
                }
            }
        });
    }
}
