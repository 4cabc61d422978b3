package io.streamscope.ui.playback;

import io.streamscope.ui.display.DisplayViewModel;
import io.streamscope.replay.OutputMode;
import io.streamscope.ui.query.QueryViewModel;
import io.streamscope.ui.timeline.TimelineViewModel;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Toggle;
import javafx.scene.control.ToggleButton;
import javafx.util.StringConverter;
import org.controlsfx.control.SegmentedButton;

import java.util.Map;

/** Binds transport.fxml to the playback, timeline, query and display view models. */
public final class TransportController {

    private static final PseudoClass PLAYING = PseudoClass.getPseudoClass("playing");

    private final PlaybackViewModel playback;
    private final TimelineViewModel timeline;
    private final QueryViewModel query;
    private final DisplayViewModel display;

    @FXML private Button firstButton;
    @FXML private Button stepBackButton;
    @FXML private Button playButton;
    @FXML private Button stepForwardButton;
    @FXML private Button lastButton;
    @FXML private Label batchLabel;
    @FXML private javafx.scene.layout.FlowPane transportBar;
    @FXML private Label speedCaption;
    @FXML private Label modeCaption;
    @FXML private ComboBox<Double> speedSelector;
    @FXML private CheckBox animationsToggle;
    @FXML private SegmentedButton outputModeSelector;
    @FXML private ToggleButton appendModeButton;
    @FXML private ToggleButton updateModeButton;
    @FXML private ToggleButton completeModeButton;
    @FXML private ToggleButton presentationToggle;

    public TransportController(PlaybackViewModel playback, TimelineViewModel timeline, QueryViewModel query,
                               DisplayViewModel display) {
        this.playback = playback;
        this.timeline = timeline;
        this.query = query;
        this.display = display;
    }

    @FXML
    private void initialize() {
        firstButton.disableProperty().bind(timeline.atFirstProperty());
        stepBackButton.disableProperty().bind(timeline.atFirstProperty());
        stepForwardButton.disableProperty().bind(timeline.atLastProperty());
        lastButton.disableProperty().bind(timeline.atLastProperty());
        playButton.disableProperty().bind(timeline.selectedIndexProperty().lessThan(0));
        playButton.textProperty().bind(javafx.beans.binding.Bindings.when(playback.playingProperty())
                .then("Pause").otherwise("Play"));
        playback.playingProperty().addListener((property, old, playing) -> playButton.pseudoClassStateChanged(PLAYING, playing));
        batchLabel.textProperty().bind(timeline.batchLabelProperty());

        speedSelector.getItems().setAll(PlaybackViewModel.SPEEDS);
        speedSelector.setConverter(new StringConverter<>() {
            @Override
            public String toString(Double speed) {
                return speed == null ? "" : (speed == Math.rint(speed) ? String.valueOf(speed.intValue()) : String.valueOf(speed)) + "×";
            }

            @Override
            public Double fromString(String text) {
                return Double.valueOf(text.replace("×", ""));
            }
        });
        speedSelector.setValue(playback.speedProperty().get());
        speedSelector.valueProperty().addListener((property, old, speed) -> {
            if (speed != null) {
                playback.speedProperty().set(speed);
            }
        });
        playback.speedProperty().addListener((property, old, speed) -> speedSelector.setValue(speed.doubleValue()));
        animationsToggle.selectedProperty().bindBidirectional(display.animationsProperty());

        Map<OutputMode, ToggleButton> modes = Map.of(OutputMode.APPEND, appendModeButton,
                OutputMode.UPDATE, updateModeButton, OutputMode.COMPLETE, completeModeButton);
        modes.forEach((mode, button) -> {
            button.setUserData(mode);
            io.streamscope.ui.display.HoverTooltip.setText(button, modeHelp(mode));
        });
        modes.get(query.getOutputMode()).setSelected(true);
        outputModeSelector.getToggleGroup().selectedToggleProperty().addListener((property, old, toggle) -> {
            if (toggle == null) {
                old.setSelected(true); // one mode is always chosen
            } else {
                query.outputModeProperty().set((OutputMode) toggle.getUserData());
            }
        });
        query.outputModeProperty().addListener((property, old, mode) -> {
            Toggle toggle = modes.get(mode);
            if (toggle != null && !toggle.isSelected()) {
                toggle.setSelected(true);
            }
        });
        presentationToggle.selectedProperty().bindBidirectional(display.presentationProperty());
        presentationToggle.textProperty().bind(javafx.beans.binding.Bindings.when(display.presentationProperty())
                .then("Exit").otherwise("Present"));
        TransportCaptions.install(transportBar, display, speedCaption, modeCaption);
    }

    private static String modeHelp(OutputMode mode) {
        return switch (mode) {
            case APPEND -> "Append: each batch emits only new result rows that can never change again";
            case UPDATE -> "Update: each batch emits the result rows it changed";
            case COMPLETE -> "Complete: each batch emits the whole result table";
        };
    }

    @FXML
    private void first() {
        playback.first();
    }

    @FXML
    private void stepBack() {
        playback.stepBack();
    }

    @FXML
    private void togglePlay() {
        playback.togglePlay();
    }

    @FXML
    private void stepForward() {
        playback.stepForward();
    }

    @FXML
    private void last() {
        playback.last();
    }
}
