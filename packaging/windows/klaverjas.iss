; Inno Setup script: a per-user install that needs no administrator rights.
; Build the bundle first (make bundle, on Windows), then compile this script with
; Inno Setup 6.3 or later (x64compatible needs 6.3): iscc packaging\windows\klaverjas.iss
; The installer lands in dist\installer\.
; The version comes from pyproject.toml: the release workflow passes it as
; iscc /DAppVersion=X.Y.Z; the default below must equal it (tests/test_packaging.py checks).

#if VER < EncodeVer(6, 3, 0)
  #error Inno Setup 6.3 or later is needed (x64compatible, per-user installs)
#endif

#define AppName "Klaverjas"
#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#define AppExe "Klaverjas.exe"

[Setup]
AppId={{6B0F3C1E-5C57-4A52-9D8E-2A7F1E0B6C41}
AppName={#AppName}
AppVersion={#AppVersion}
AppPublisher=The Klaverjas developers
DefaultDirName={localappdata}\Programs\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; Per-user: no UAC prompt, installs under the user's profile, works on locked-down club laptops.
PrivilegesRequired=lowest
OutputDir=..\..\dist\installer
OutputBaseFilename=Klaverjas-{#AppVersion}-setup
SetupIconFile=klaverjas.ico
UninstallDisplayIcon={app}\{#AppExe}
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "dutch"; MessagesFile: "compiler:Languages\Dutch.isl"
Name: "french"; MessagesFile: "compiler:Languages\French.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"

[InstallDelete]
; An upgrade replaces the whole bundle: files an older version had in _internal and the
; new one has not (a library renamed by PyInstaller) would otherwise be loaded by mistake.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
; The PyInstaller one-folder bundle, as built by `make bundle` into dist\Klaverjas.
Source: "..\..\dist\Klaverjas\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
