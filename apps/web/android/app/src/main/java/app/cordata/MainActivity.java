package app.cordata;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
