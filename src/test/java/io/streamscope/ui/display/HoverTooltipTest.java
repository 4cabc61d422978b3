package io.streamscope.ui.display;

import io.streamscope.ui.MainWindow;
import io.streamscope.ui.UiTestSupport;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.TimeUnit;

import static io.streamscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * A control's tooltip is made on the first hover, shows as a tooltip made with the control would, and follows later
 * texts; the window's FXML gives its buttons their tooltips so (a disabled one, like the first-batch button with no
 * checkpoint open, gets no mouse events, so no tooltip, as JavaFX has it for any tooltip).
 */
@ExtendWith(ApplicationExtension.class)
class HoverTooltipTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void theTooltipIsMadeOnTheFirstHoverAndShows(FxRobot robot) throws Exception {
        Button button = new Button("Play");
        Button elsewhere = new Button("elsewhere");
        robot.interact(() -> {
            HoverTooltip.setText(button, "Play or pause");
            stage.setScene(new Scene(new VBox(40, elsewhere, button), 300, 200));
            stage.show();
        });
        assertNull(onFx(button::getTooltip), "no tooltip before a hover");
        assertEquals("Play or pause", onFx(() -> HoverTooltip.getText(button)));
        assertEquals("Play or pause", onFx(button::getAccessibleHelp), "a screen reader has the text at once");

        robot.moveTo(elsewhere).moveTo(button);
        Tooltip made = onFx(button::getTooltip);
        assertNotNull(made, "made when the pointer came over the button");
        assertEquals("Play or pause", onFx(made::getText));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(made::isShowing));

        robot.moveTo(elsewhere);
        robot.interact(() -> HoverTooltip.setText(button, "Pause"));
        assertSame(made, onFx(button::getTooltip), "a later text goes to the tooltip made");
        assertEquals("Pause", onFx(made::getText));
        assertEquals("Pause", onFx(button::getAccessibleHelp));

        robot.interact(() -> HoverTooltip.setText(button, ""));
        assertNull(onFx(button::getTooltip), "no text, no tooltip");
        assertNull(onFx(button::getAccessibleHelp));
        robot.moveTo(button);
        assertNull(onFx(button::getTooltip), "and a hover makes none");
    }

    /** The checkpoint's path and the follow status: tooltips that follow a changing text, made on the first hover too. */
    @Test
    void aFollowedTextIsTheTooltipsTextNowAndLater(FxRobot robot) throws Exception {
        Button button = new Button("Follow");
        javafx.beans.property.StringProperty status = new javafx.beans.property.SimpleStringProperty("Not following");
        robot.interact(() -> {
            HoverTooltip.follow(button, status);
            stage.setScene(new Scene(new VBox(button), 300, 200));
            stage.show();
        });
        assertEquals("Not following", onFx(() -> HoverTooltip.getText(button)));
        robot.interact(() -> status.set("Following offsets/ every second"));
        assertNull(onFx(button::getTooltip), "still made on the first hover");
        robot.moveTo(button);
        assertEquals("Following offsets/ every second", onFx(() -> button.getTooltip().getText()));
        robot.interact(() -> status.set("Stopped"));
        assertEquals("Stopped", onFx(() -> button.getTooltip().getText()));
    }

    @Test
    void theWindowsButtonsHaveTheirTooltipsFromTheFxml(FxRobot robot) throws Exception {
        MainWindow[] window = new MainWindow[1];
        robot.interact(() -> {
            try {
                window[0] = UiTestSupport.showWindow(stage);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        Control first = onFx(() -> (Control) window[0].scene().lookup("#firstButton"));
        assertEquals("First batch (Home)", onFx(() -> HoverTooltip.getText(first)));
        Control open = onFx(() -> (Control) window[0].scene().lookup("#openCheckpointButton"));
        String text = "Open a Spark checkpoint folder (Ctrl+O). You can also drop a folder onto the window.";
        assertEquals(text, onFx(() -> HoverTooltip.getText(open)));
        assertNull(onFx(open::getTooltip), "made on the first hover, not with the window");
        robot.moveTo(open);
        assertEquals(text, onFx(() -> open.getTooltip().getText()));
    }
}
